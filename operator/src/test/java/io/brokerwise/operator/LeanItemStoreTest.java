package io.brokerwise.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.fabric8.kubernetes.api.model.ManagedFieldsEntryBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import org.junit.jupiter.api.Test;

class LeanItemStoreTest {

    @Test
    void keepsTheObjectUnderItsKeyWithoutManagedFields() {
        LeanItemStore<Pod> store = new LeanItemStore<>();
        Pod pod = new PodBuilder().withNewMetadata().withName("b-0").withNamespace("ns")
                .addToManagedFields(new ManagedFieldsEntryBuilder().withManager("kubelet").build()).endMetadata()
                .build();
        store.put(store.getKey(pod), pod);
        assertEquals("ns/b-0", store.getKey(pod));
        assertNull(store.get("ns/b-0").getMetadata().getManagedFields());
    }
}
