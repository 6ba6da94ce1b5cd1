package io.brokerwise.model.fit;

/** The points cannot determine the model's parameters; the message says what to measure. */
public class FitException extends RuntimeException {
    public FitException(String message) {
        super(message);
    }
}
