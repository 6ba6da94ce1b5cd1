package io.brokerwise.e2e;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Marks a test class that runs against the local cluster. It is tagged {@code cluster}, so it runs
 * only when that tag is selected (Maven profile {@code -Pcluster}), and then fails, never skips,
 * if no cluster is up. Test methods and lifecycle methods may take a
 * {@link io.fabric8.kubernetes.client.KubernetesClient} parameter.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("cluster")
@ExtendWith(LocalClusterExtension.class)
public @interface LocalClusterTest {
}
