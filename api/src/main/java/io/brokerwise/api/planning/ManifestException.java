package io.brokerwise.api.planning;

import java.util.List;

/** A manifest the user must change: each line names a field and what is allowed. */
public class ManifestException extends RuntimeException {

    private final List<String> problems;

    public ManifestException(List<String> problems) {
        super(String.join("; ", problems));
        this.problems = List.copyOf(problems);
    }

    public ManifestException(String problem) {
        this(List.of(problem));
    }

    public List<String> problems() {
        return problems;
    }
}
