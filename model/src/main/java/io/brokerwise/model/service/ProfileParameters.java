package io.brokerwise.model.service;

/**
 * The fitted times of a broker, in seconds, and an optional ceiling on its overall (received plus
 * dispatched) rate in messages per second ({@code NaN} when there is none). ActiveMQ flattened at
 * about 50,000 msgs/s for r >= 20 (sec. 4.4.2): without the ceiling a model overestimates high
 * replication grades.
 *
 * <p>The dissertation fitted its times on small messages, so they hold for one size. The per-byte
 * times, 0 unless a size series was measured, charge each message's bytes once on receipt and once per
 * dispatched copy: Mupparaju, "Performance Evaluation and Comparison of Distributed Messaging Using
 * Message Oriented Middleware" (2013), sec. 5.1 to 5.6, measured throughput falling steadily with size on
 * every broker it tested. Filters read headers and properties, not the
 * body, so filtering has no per-byte term.
 *
 * <p>{@code sizeExponent} is the power of the size the per-byte times multiply: 1 by default, every byte costs
 * alike; below 1 a byte costs less in a larger message (then the per-byte times are seconds per byte^sizeExponent).
 * Artemis at half a core on the development machine measured falling costs per byte from 256 B to 64 KB
 * (docs/models.md sec. 2): a fixed cost per byte missed the held-out sizes by over 20%.
 *
 * <p>{@code dispatchSqrtSeconds} is charged {@code sqrt(r)} times per message (model SublinearDispatch, 0
 * otherwise): the part of dispatching whose cost per copy falls as the copies grow.
 *
 * <p>{@code networkBitsPerSecond} is the network capacity of the nodes the profile was measured on
 * ({@code NaN} when not given); a topology's placement may name its own.
 *
 * <p>Three terms lie outside the service time, each optional and not charged at its default (docs/models.md
 * sec. 3 and 7): {@code latencyFloorSeconds}, the latency of a message that does not wait (send, network, service,
 * delivery), 0 by default; {@code poissonServiceFactor}, how much more a message costs the broker when messages
 * arrive at random than when it is saturated, 1 by default; {@code registrationSeconds}, the time to register one
 * subscription, 0 by default.
 *
 * <p>{@code topicCost} is what a broker pays per message for the number of topics it carries ({@link TopicCost}),
 * {@link TopicCost#NONE} unless a topics series was measured.
 */
public record ProfileParameters(double receiveSeconds, double filterSeconds, double distinctFilterSeconds,
                                double dispatchSeconds, double dispatchSqrtSeconds, double maxOverallRate,
                                double receiveSecondsPerByte, double dispatchSecondsPerByte,
                                double networkBitsPerSecond, double latencyFloorSeconds, double poissonServiceFactor,
                                double registrationSeconds, double sizeExponent, TopicCost topicCost) {

    public ProfileParameters {
        requireNonNegative("receiveSeconds", receiveSeconds);
        requireNonNegative("filterSeconds", filterSeconds);
        requireNonNegative("distinctFilterSeconds", distinctFilterSeconds);
        requireNonNegative("dispatchSeconds", dispatchSeconds);
        requireNonNegative("dispatchSqrtSeconds", dispatchSqrtSeconds);
        requireNonNegative("receiveSecondsPerByte", receiveSecondsPerByte);
        requireNonNegative("dispatchSecondsPerByte", dispatchSecondsPerByte);
        requirePositiveOrNaN("maxOverallRate", maxOverallRate);
        requirePositiveOrNaN("networkBitsPerSecond", networkBitsPerSecond);
        requireNonNegative("latencyFloorSeconds", latencyFloorSeconds);
        requireNonNegative("registrationSeconds", registrationSeconds);
        if (!(poissonServiceFactor > 0) || Double.isInfinite(poissonServiceFactor)) {
            throw new IllegalArgumentException("poissonServiceFactor must be a finite number > 0, got "
                    + poissonServiceFactor);
        }
        if (topicCost == null) {
            throw new IllegalArgumentException("topicCost must be given; TopicCost.NONE charges nothing");
        }
        if (!(sizeExponent > 0 && sizeExponent <= 1)) {
            throw new IllegalArgumentException("sizeExponent must be in (0, 1], got " + sizeExponent);
        }
        // a size series may put all of a message's cost into its bytes (every message has at least one)
        if (receiveSeconds + filterSeconds + distinctFilterSeconds + dispatchSeconds + dispatchSqrtSeconds
                + receiveSecondsPerByte + dispatchSecondsPerByte <= 0) {
            throw new IllegalArgumentException("a profile needs at least one positive time, per message or per byte");
        }
    }

    /** The service-time terms without the latency floor, the Poisson-arrivals factor and the registration time. */
    public ProfileParameters(double receiveSeconds, double filterSeconds, double distinctFilterSeconds,
                             double dispatchSeconds, double dispatchSqrtSeconds, double maxOverallRate,
                             double receiveSecondsPerByte, double dispatchSecondsPerByte, double networkBitsPerSecond) {
        this(receiveSeconds, filterSeconds, distinctFilterSeconds, dispatchSeconds, dispatchSqrtSeconds, maxOverallRate,
                receiveSecondsPerByte, dispatchSecondsPerByte, networkBitsPerSecond, 0, 1, 0, 1, TopicCost.NONE);
    }

    /** Per-message times only, as the dissertation's tables give them. */
    public ProfileParameters(double receiveSeconds, double filterSeconds, double distinctFilterSeconds,
                             double dispatchSeconds, double maxOverallRate) {
        this(receiveSeconds, filterSeconds, distinctFilterSeconds, dispatchSeconds, 0, maxOverallRate, 0, 0, Double.NaN);
    }

    /** The base model's three times with no ceiling. */
    public static ProfileParameters of(double receiveSeconds, double filterSeconds, double dispatchSeconds) {
        return new ProfileParameters(receiveSeconds, filterSeconds, 0, dispatchSeconds, Double.NaN);
    }

    public ProfileParameters withDispatchSqrtSeconds(double seconds) {
        return new ProfileParameters(receiveSeconds, filterSeconds, distinctFilterSeconds, dispatchSeconds, seconds,
                maxOverallRate, receiveSecondsPerByte, dispatchSecondsPerByte, networkBitsPerSecond, latencyFloorSeconds,
                poissonServiceFactor, registrationSeconds, sizeExponent, topicCost);
    }

    public ProfileParameters withMaxOverallRate(double rate) {
        return new ProfileParameters(receiveSeconds, filterSeconds, distinctFilterSeconds, dispatchSeconds,
                dispatchSqrtSeconds, rate, receiveSecondsPerByte, dispatchSecondsPerByte, networkBitsPerSecond,
                latencyFloorSeconds, poissonServiceFactor, registrationSeconds, sizeExponent, topicCost);
    }

    public ProfileParameters withSecondsPerByte(double receive, double dispatch) {
        return new ProfileParameters(receiveSeconds, filterSeconds, distinctFilterSeconds, dispatchSeconds,
                dispatchSqrtSeconds, maxOverallRate, receive, dispatch, networkBitsPerSecond, latencyFloorSeconds,
                poissonServiceFactor, registrationSeconds, sizeExponent, topicCost);
    }

    /** The power of the message size the per-byte times multiply (1: every byte costs alike). */
    public ProfileParameters withSizeExponent(double exponent) {
        return new ProfileParameters(receiveSeconds, filterSeconds, distinctFilterSeconds, dispatchSeconds,
                dispatchSqrtSeconds, maxOverallRate, receiveSecondsPerByte, dispatchSecondsPerByte, networkBitsPerSecond,
                latencyFloorSeconds, poissonServiceFactor, registrationSeconds, exponent, topicCost);
    }

    /** The latency floor and the factor a message costs more under Poisson arrivals than saturated. */
    public ProfileParameters withLatency(double floorSeconds, double poissonFactor) {
        return new ProfileParameters(receiveSeconds, filterSeconds, distinctFilterSeconds, dispatchSeconds,
                dispatchSqrtSeconds, maxOverallRate, receiveSecondsPerByte, dispatchSecondsPerByte, networkBitsPerSecond,
                floorSeconds, poissonFactor, registrationSeconds, sizeExponent, topicCost);
    }

    public ProfileParameters withRegistrationSeconds(double seconds) {
        return new ProfileParameters(receiveSeconds, filterSeconds, distinctFilterSeconds, dispatchSeconds,
                dispatchSqrtSeconds, maxOverallRate, receiveSecondsPerByte, dispatchSecondsPerByte, networkBitsPerSecond,
                latencyFloorSeconds, poissonServiceFactor, seconds, sizeExponent, topicCost);
    }

    /** What the number of topics on a broker costs per message; {@link TopicCost#NONE} without a topics series. */
    public ProfileParameters withTopicCost(TopicCost cost) {
        return new ProfileParameters(receiveSeconds, filterSeconds, distinctFilterSeconds, dispatchSeconds,
                dispatchSqrtSeconds, maxOverallRate, receiveSecondsPerByte, dispatchSecondsPerByte, networkBitsPerSecond,
                latencyFloorSeconds, poissonServiceFactor, registrationSeconds, sizeExponent, cost);
    }

    public boolean hasCeiling() {
        return !Double.isNaN(maxOverallRate);
    }

    /** Whether messages arriving at random cost the broker more than saturated ones. */
    public boolean chargesPoissonArrivals() {
        return poissonServiceFactor != 1;
    }

    /** Whether the profile has a time per subscription registration, from which a plan gives its recovery time. */
    public boolean chargesRegistration() {
        return registrationSeconds > 0;
    }

    /** Whether a broker's number of topics costs anything per message. */
    public boolean chargesTopics() {
        return topicCost.charged();
    }

    /** Whether the times depend on the message size: without per-byte times they hold for one size only. */
    public boolean chargesSize() {
        return receiveSecondsPerByte > 0 || dispatchSecondsPerByte > 0;
    }

    /**
     * The per-message times for messages of {@code bytes}: the per-byte times, times {@code bytes^sizeExponent},
     * folded into t_rcv and t_tx,
     * which keeps every model's form (eqs. 4.9 to 4.12) and the moments of B as they are. The bytes of every
     * copy are sent, so t_tx_sqrt, the work the copies share, gets no per-byte term.
     */
    public ProfileParameters atMessageSize(double bytes) {
        if (!chargesSize()) {
            return this;
        }
        if (!(bytes >= 0) || Double.isInfinite(bytes)) {
            throw new IllegalArgumentException("message size must be a finite number of bytes >= 0, got " + bytes);
        }
        double charged = Math.pow(bytes, sizeExponent);
        if (Double.isInfinite(charged * receiveSecondsPerByte) || Double.isInfinite(charged * dispatchSecondsPerByte)) {
            throw new IllegalArgumentException((long) bytes + " bytes at its receiveSecondsPerByte and "
                    + "dispatchSecondsPerByte take no finite time: lower the size or those times");
        }
        return new ProfileParameters(receiveSeconds + charged * receiveSecondsPerByte, filterSeconds,
                distinctFilterSeconds, dispatchSeconds + charged * dispatchSecondsPerByte, dispatchSqrtSeconds,
                maxOverallRate, 0, 0, networkBitsPerSecond, latencyFloorSeconds, poissonServiceFactor,
                registrationSeconds, 1, topicCost);
    }

    private static void requirePositiveOrNaN(String name, double value) {
        if (!Double.isNaN(value) && !(value > 0)) {
            throw new IllegalArgumentException(name + " must be positive, got " + value);
        }
    }

    private static void requireNonNegative(String name, double value) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be a finite number >= 0, got " + value);
        }
    }
}
