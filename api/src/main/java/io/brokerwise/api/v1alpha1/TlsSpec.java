package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.ArrayList;
import java.util.List;

/** Whether and how the brokers' acceptor speaks TLS (docs/operations.md, TLS). */
@ValidationRule(value = "self.mode != 'Provided' || has(self.secretName)",
        message = "tls.secretName is required when tls.mode is Provided")
@ValidationRule(value = "self.mode == 'Provided' || !has(self.secretName)",
        message = "tls.secretName is only for tls.mode Provided")
public class TlsSpec {

    @Default("Generated")
    @JsonPropertyDescription("Generated: the operator issues a CA and a certificate per broker, kept in Secrets "
            + "<name>-broker-ca (read by the operator alone) and <name>-broker-tls. Provided: the brokers serve the "
            + "certificate of the Secret named by secretName (a kubernetes.io/tls Secret with tls.crt, tls.key and "
            + "ca.crt, e.g. cert-manager's). Disabled: plain TCP. Clients find the CA as ARTEMIS_CA in "
            + "<name>-broker-credentials. A change restarts the brokers one at a time. Default: Generated.")
    public Mode mode;

    @Pattern("^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$")
    @JsonPropertyDescription("The Secret (same namespace) with the certificate every broker serves; its names must "
            + "cover each broker's DNS name (*.<name>-brokers.<namespace>.svc). Required for, and only for, mode "
            + "Provided. Default: none.")
    public String secretName;

    public enum Mode { Generated, Provided, Disabled }

    /** The mode of a broker spec's TLS: Generated when unset. */
    public static Mode modeOf(BrokerSpec broker) {
        return broker == null || broker.tls == null || broker.tls.mode == null ? Mode.Generated : broker.tls.mode;
    }

    /** What the CEL rules above refuse, for the offline checks: one message per problem naming the field. */
    public static List<String> problems(TlsSpec tls, String path) {
        List<String> problems = new ArrayList<>();
        if (tls == null) {
            return problems;
        }
        boolean provided = tls.mode == Mode.Provided;
        if (provided && tls.secretName == null) {
            problems.add(path + ".secretName: required when " + path + ".mode is Provided");
        }
        if (!provided && tls.secretName != null) {
            problems.add(path + ".secretName: only for " + path + ".mode Provided");
        }
        return problems;
    }
}
