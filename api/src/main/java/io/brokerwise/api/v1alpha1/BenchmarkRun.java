package io.brokerwise.api.v1alpha1;

import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * A measurement of a deployed topology by a benchmark Job: its spec shape is fixed here so the load
 * generator and the operator agree on it. Its CRD and controller come with verification; until then it
 * is not generated into crds/ (a resource nothing reconciles would never get a status).
 */
@Group("brokerwise.io")
@Version("v1alpha1")
public class BenchmarkRun extends CustomResource<BenchmarkRunSpec, BenchmarkRunStatus> implements Namespaced {
}
