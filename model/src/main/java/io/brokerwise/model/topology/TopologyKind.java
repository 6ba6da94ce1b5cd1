package io.brokerwise.model.topology;

/** The names the dissertation (sec. 5.3) and the manifests use for layouts. */
public enum TopologyKind {
    PSR("PSR"), SSR("SSR"), GRID("Grid");

    private final String displayName;

    TopologyKind(String displayName) {
        this.displayName = displayName;
    }

    public String displayName() {
        return displayName;
    }
}
