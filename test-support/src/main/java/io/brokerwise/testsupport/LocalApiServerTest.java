package io.brokerwise.testsupport;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Marks a test class that gets its own bare API server ({@link LocalApiServer}), started before
 * the class and stopped after it; test and lifecycle methods may take a
 * {@link io.fabric8.kubernetes.client.KubernetesClient}. Tagged {@code kube-api}: it needs the
 * binaries of {@code e2e/cluster build}, and fails without them.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("kube-api")
@ExtendWith(LocalApiServerExtension.class)
public @interface LocalApiServerTest {
}
