package io.brokerwise.model.service;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The fitted parameters Henjes reports for five servers (Performance Evaluation of Publish/Subscribe
 * Middleware Architectures, 2010, tables 4.1 to 4.6), so a user can ask how a workload would do on, say,
 * ActiveMQ as Henjes measured it, and the Artemis 2.56 profiles calibrated for Brokerwise (the manifests
 * and raw points in {@code profiles/}): on local broker processes under a CFS quota, and on the local cluster's
 * node in a broker pod, which is what its topologies run. A family name such as {@code henjes-activemq}
 * resolves to the variant for the workload's filter kind.
 */
public final class BuiltInProfiles {

    /** Filter kinds as a workload names them. */
    public static final String APPLICATION_PROPERTY = "ApplicationProperty";
    public static final String CORRELATION_ID = "CorrelationId";

    private static final String DISSERTATION = "Henjes, Performance Evaluation of Publish/Subscribe Middleware "
            + "Architectures (2010), ";
    private static final String CALIBRATED = "calibrated with brokerwise-bench calibrate (profiles/%s.yaml): "
            + "Artemis 2.56.0, %s-core CFS quota, %s delivery, application-property filters";
    private static final Map<String, ServiceTimeProfile> PROFILES = new LinkedHashMap<>();

    static {
        linear("henjes-fioranomq-correlation-id", 8.52e-7, 7.02e-6, 1.70e-5, "table 4.1");
        linear("henjes-fioranomq-application-property", 4.10e-6, 1.46e-5, 1.62e-5, "table 4.1");
        linear("henjes-weblogic-correlation-id", 7.6239e-5, 3.1410e-7, 1.6944e-5, "table 4.2");
        linear("henjes-weblogic-application-property", 8.0182e-5, 5.3332e-7, 1.7319e-5, "table 4.2");
        // ActiveMQ's overall rate flattened at about 50,000 msgs/s for r >= 20 (sec. 4.4.2).
        activeMq("henjes-activemq-correlation-id", new LinearModel(), 4.58e-5, 1.46e-7, 1.64e-5, "table 4.3");
        activeMq("henjes-activemq-application-property", new LinearModel(), 4.88e-5, 1.62e-7, 1.54e-5, "table 4.3");
        activeMq("henjes-activemq-or-filters", new FilterLengthModel(), 4.79e-5, 1.96e-7, 1.69e-5, "table 4.6");
        activeMq("henjes-activemq-and-filters", new FilterLengthModel(), 5.19e-5, 1.86e-7, 1.71e-5, "table 4.6");
        add(new ServiceTimeProfile("henjes-sunmq-application-property", new FilterSharingModel(),
                new ProfileParameters(1.12e-4, 2.20e-6, 1.76e-6, 4.01e-5, Double.NaN), DISSERTATION + "table 4.4"));
        add(new ServiceTimeProfile("henjes-websphere-application-property", new SuperLinearModel(),
                ProfileParameters.of(7.03e-4, 1.02e-5, 0.0), DISSERTATION + "table 4.5"));
        // the same numbers as the manifests in profiles/ (a test in api compares them)
        // registrations timed by brokerwise-bench registration at half of that broker's capacity
        artemis("artemis-2.56-halfcore-nonpersistent", ProfileParameters.of(1.1605972653660286E-5,
                2.1014461192788558E-7, 1.5908755594829388E-5).withRegistrationSeconds(0.0224), "0.5", "NonPersistent");
        artemis("artemis-2.56-halfcore-persistent", ProfileParameters.of(2.004034161781336E-5,
                1.0428636244839191E-7, 1.833307539213734E-5), "0.5", "journaled Persistent");
        artemis("artemis-2.56-quartercore-nonpersistent", ProfileParameters.of(2.351170360357068E-5,
                3.682778184357744E-7, 3.21028406139177E-5), "0.25", "NonPersistent");
        add(new ServiceTimeProfile("artemis-2.56-pod-quartercore-nonpersistent", new LinearModel(),
                ProfileParameters.of(1.1795235509835802E-4, 8.431826645259541E-7, 8.12121119653214E-5),
                "calibrated on the local cluster's node by a BenchmarkRun of mode Calibrate (profiles/"
                        + "artemis-2.56-pod-quartercore-nonpersistent.yaml): Artemis 2.56.0, a broker pod of 250m / "
                        + "384Mi, NonPersistent delivery, application-property filters"));
        add(new ServiceTimeProfile("artemis-2.56-halfcore-size-series", new LinearModel(),
                ProfileParameters.of(2.487737747275559E-5, 2.4734781340704434E-7, 7.775691495321536E-6)
                        .withSecondsPerByte(5.989926292202374E-8, 3.7451065625211416E-8).withSizeExponent(0.7),
                String.format(CALIBRATED, "artemis-2.56-halfcore-size-series", "0.5", "NonPersistent")
                        + ", messages of 256 B to 64 KB"));
        add(new ServiceTimeProfile("artemis-2.56-halfcore-topics-series", new LinearModel(),
                ProfileParameters.of(9.627358042035616E-6, 6.801401426962901E-8, 9.738276529447633E-6)
                        .withTopicCost(new TopicCost(TopicCost.Form.Saturating, 1.3283667077023414E-6)),
                String.format(CALIBRATED, "artemis-2.56-halfcore-topics-series", "0.5", "NonPersistent")
                        + ", the load of r = 1 and 2 spread over 1 to 32 topics"));
    }

    private BuiltInProfiles() {
    }

    /** Every built-in profile by its full name. */
    public static List<ServiceTimeProfile> all() {
        return List.copyOf(PROFILES.values());
    }

    /**
     * A profile by full name, or by family name and filter kind. SunMQ and WebSphereMQ filtered both
     * kinds alike (sec. 4.3.2.1), so their family has only the application-property variant.
     */
    public static Optional<ServiceTimeProfile> find(String name, String filterKind) {
        ServiceTimeProfile exact = PROFILES.get(name);
        if (exact != null) {
            return Optional.of(exact);
        }
        String suffix = CORRELATION_ID.equals(filterKind) ? "-correlation-id" : "-application-property";
        return Optional.ofNullable(PROFILES.getOrDefault(name + suffix, PROFILES.get(name + "-application-property")));
    }

    public static List<String> names() {
        return List.copyOf(PROFILES.keySet());
    }

    private static void linear(String name, double receive, double filter, double dispatch, String table) {
        add(new ServiceTimeProfile(name, new LinearModel(), ProfileParameters.of(receive, filter, dispatch),
                DISSERTATION + table));
    }

    private static void activeMq(String name, ServiceTimeModel model, double receive, double filter,
                                 double dispatch, String table) {
        add(new ServiceTimeProfile(name, model,
                ProfileParameters.of(receive, filter, dispatch).withMaxOverallRate(50_000),
                DISSERTATION + table + ", ceiling sec. 4.4.2"));
    }

    private static void artemis(String name, ProfileParameters parameters, String cores, String deliveryMode) {
        add(new ServiceTimeProfile(name, new LinearModel(), parameters,
                String.format(CALIBRATED, name, cores, deliveryMode)));
    }

    private static void add(ServiceTimeProfile profile) {
        PROFILES.put(profile.name(), profile);
    }
}
