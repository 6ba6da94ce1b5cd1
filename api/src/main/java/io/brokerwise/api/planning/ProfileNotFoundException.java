package io.brokerwise.api.planning;

/** A topology names a profile that is neither a BrokerProfile it may see nor a built-in one. */
public class ProfileNotFoundException extends ManifestException {
    public ProfileNotFoundException(String problem) {
        super(problem);
    }
}
