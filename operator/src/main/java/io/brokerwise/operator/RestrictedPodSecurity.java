package io.brokerwise.operator;

import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.PodSecurityContextBuilder;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.SecurityContextBuilder;

/**
 * The security context of every pod the operator makes (brokers, benchmark clients): what the Kubernetes
 * "restricted" Pod Security Standard asks, plus a read-only root filesystem. The images run as
 * {@value #USER}:{@value #USER} (their Jib configuration, the parent pom.xml) and write only to the emptyDirs their
 * pods mount.
 */
public final class RestrictedPodSecurity {

    /** UID and GID of the Brokerwise images; the fsGroup, so emptyDirs are writable by it. */
    public static final long USER = 10001;

    private RestrictedPodSecurity() {
    }

    public static PodSecurityContext pod() {
        return new PodSecurityContextBuilder().withRunAsNonRoot(true).withRunAsUser(USER).withRunAsGroup(USER)
                .withFsGroup(USER)
                .withNewSeccompProfile().withType("RuntimeDefault").endSeccompProfile().build();
    }

    public static SecurityContext container() {
        return new SecurityContextBuilder().withReadOnlyRootFilesystem(true).withAllowPrivilegeEscalation(false)
                .withNewCapabilities().withDrop("ALL").endCapabilities().build();
    }
}
