package io.brokerwise.model.replication;

/** The three ways sec. 5.2.2 lets R vary, each built from a broker's filter count and match probability. */
public enum ReplicationGradeDistribution {
    DETERMINISTIC("Deterministic") {
        @Override
        public ReplicationGrade of(double filters, double matchProbability) {
            return new ReplicationGrade.Deterministic(filters * matchProbability);
        }
    },
    SCALED_BERNOULLI("ScaledBernoulli") {
        @Override
        public ReplicationGrade of(double filters, double matchProbability) {
            return new ReplicationGrade.ScaledBernoulli(filters, matchProbability);
        }
    },
    BINOMIAL("Binomial") {
        @Override
        public ReplicationGrade of(double filters, double matchProbability) {
            return new ReplicationGrade.Binomial(filters, matchProbability);
        }
    };

    private final String manifestName;

    ReplicationGradeDistribution(String manifestName) {
        this.manifestName = manifestName;
    }

    /** The name a manifest uses, e.g. {@code ScaledBernoulli}. */
    public String manifestName() {
        return manifestName;
    }

    /** R over {@code filters} filters, each matching with {@code matchProbability}; mean {@code filters * p}. */
    public abstract ReplicationGrade of(double filters, double matchProbability);

    public static ReplicationGradeDistribution named(String name) {
        for (ReplicationGradeDistribution d : values()) {
            if (d.manifestName.equals(name)) {
                return d;
            }
        }
        throw new IllegalArgumentException("unknown replication-grade distribution '" + name
                + "'; allowed: Deterministic, ScaledBernoulli, Binomial");
    }
}
