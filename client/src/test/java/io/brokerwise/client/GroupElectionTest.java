package io.brokerwise.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class GroupElectionTest {

    @Test
    void newClientsJoinTheGroupFarthestBelowItsShare() {
        GroupElection e = new GroupElection(3);
        e.joinAt(0);
        e.joinAt(0);
        e.joinAt(2);
        assertEquals(1, e.join(), "group 1 is empty: farthest below 1/3");
        assertEquals(1, e.join(), "groups 1 and 2 tie at one client, the lower wins");
        assertArrayEquals(new int[] {2, 2, 1}, e.members());
        e.leave(0);
        assertEquals(0, e.join());
    }

    @Test
    void processesWithDifferentIndexesSpreadTheirFirstClients() {
        int[] firstGroup = new int[3];
        for (int process = 0; process < 6; process++) {
            firstGroup[new GroupElection(3, process).join()]++;
        }
        assertArrayEquals(new int[] {2, 2, 2}, firstGroup, "six processes, two first clients per group");
        GroupElection e = new GroupElection(3, 2);
        assertEquals(2, e.join());
        assertEquals(0, e.join());
        assertEquals(1, e.join());
    }

    @Test
    void rebalanceAfterGrowingMovesFromFullestToEmptiest() {
        GroupElection e = new GroupElection(1);
        for (int i = 0; i < 4; i++) {
            e.join();
        }
        e.resize(2);
        assertArrayEquals(new int[] {0, 1}, e.rebalanceStep());
        e.leave(0);
        e.joinAt(1);
        assertArrayEquals(new int[] {0, 1}, e.rebalanceStep());
        e.leave(0);
        e.joinAt(1);
        assertNull(e.rebalanceStep(), "2 and 2 is even");
    }
}
