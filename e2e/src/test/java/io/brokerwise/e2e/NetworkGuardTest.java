package io.brokerwise.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.testsupport.BuiltTools;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Runs after the other cluster tests: nothing they started sent a packet off this machine. The
 * guard (iptables, see e2e/lib/network.sh) drops what would have left, so its counter must still
 * be zero; and every socket of the cluster's processes must point at an address of this machine.
 */
@LocalClusterTest
@Tag("guard") // Tagged guard: only the local cluster has the guard (not Kind).
@Order(100)
@Isolated
class NetworkGuardTest {

    /** The node bridge, pod and Service ranges of e2e/lib/common.sh: all inside this machine. */
    private static final List<String> CLUSTER_RANGES = List.of("10.87.0.0/24", "10.88.0.0/16", "10.89.0.0/16");

    @Test
    void guardIsInPlaceAndDroppedNothing() throws Exception {
        String report = Commands.run(BuiltTools.e2eDir().resolve("cluster").toString(), "guard");
        System.out.println(report);
        assertTrue(report.contains("guard-installed: yes"), report);
        assertTrue(report.contains("guard-drops: 0\n"), "the guard dropped traffic leaving the machine:\n" + report);
    }

    @Test
    void clusterProcessesTalkOnlyToThisMachine() throws Exception {
        Set<String> pids = clusterPids();
        assertFalse(pids.isEmpty(), "no cluster processes found: is the cluster up?");
        Set<InetAddress> own = ownAddresses();
        List<String> outside = new ArrayList<>();
        int checked = 0;
        Pattern pid = Pattern.compile("pid=(\\d+)");
        for (String line : Commands.run("ss", "-H", "-n", "-t", "-u", "-a", "-p").split("\n")) {
            Matcher m = pid.matcher(line);
            boolean ours = false;
            while (m.find()) {
                ours |= pids.contains(m.group(1));
            }
            if (!ours) {
                continue;
            }
            checked++;
            String[] cols = line.trim().split("\\s+");
            if (!isLocal(host(cols[5]), own)) {
                outside.add(line);
            }
        }
        System.out.println("checked " + checked + " sockets of " + pids.size() + " cluster processes");
        assertTrue(checked > 0, "the cluster's processes hold no sockets: wrong PIDs?");
        assertEquals(List.of(), outside, "sockets of cluster processes pointing outside this machine");
    }

    @Test
    void clusterListensOnlyOnLoopbackAndTheNodeBridge() throws Exception {
        Set<String> pids = clusterPids();
        assertFalse(pids.isEmpty(), "no cluster processes found: is the cluster up?");
        List<String> exposed = new ArrayList<>();
        int checked = 0;
        for (String line : Commands.run("ss", "-H", "-n", "-t", "-u", "-l", "-p").split("\n")) {
            String[] cols = line.trim().split("\\s+");
            if (cols.length < 7 || pids.stream().noneMatch(p -> line.contains("pid=" + p + ","))) {
                continue;
            }
            checked++;
            String host = host(cols[4]);
            InetAddress local = host.equals("*") ? null : InetAddress.getByName(host);
            if (local == null || !local.isLoopbackAddress() && CLUSTER_RANGES.stream().noneMatch(r -> inRange(local, r))) {
                exposed.add(line);
            }
        }
        System.out.println("checked " + checked + " listening sockets of " + pids.size() + " cluster processes");
        assertTrue(checked > 0, "no cluster process listens (the API server does): wrong PIDs?");
        assertEquals(List.of(), exposed, "cluster processes listening on the machine's own interfaces");
    }

    /**
     * PIDs in the cluster's cgroup and in the kubelet's pod cgroups (pids hierarchy). A pod being deleted (the
     * previous test's) can take its cgroups away while they are read: then they are read again, a few times at most.
     */
    private static Set<String> clusterPids() throws IOException {
        for (int attempt = 1; ; attempt++) {
            try {
                return readClusterPids();
            } catch (NoSuchFileException | UncheckedIOException e) {
                if (attempt == 5) {
                    throw new IOException("the cluster's cgroups kept changing while they were read", e);
                }
            }
        }
    }

    private static Set<String> readClusterPids() throws IOException {
        Set<String> pids = new HashSet<>();
        for (String root : List.of("/sys/fs/cgroup/pids/brokerwise", "/sys/fs/cgroup/pids/kubepods")) {
            if (!Files.isDirectory(Path.of(root))) {
                continue;
            }
            try (Stream<Path> files = Files.walk(Path.of(root))) {
                for (Path p : files.filter(f -> f.getFileName().toString().equals("cgroup.procs")).toList()) {
                    Files.readAllLines(p).stream().filter(s -> !s.isBlank()).forEach(pids::add);
                }
            }
        }
        return pids;
    }

    private static Set<InetAddress> ownAddresses() throws Exception {
        Set<InetAddress> own = new HashSet<>();
        for (String line : Commands.run("ip", "-o", "addr", "show").split("\n")) {
            String[] cols = line.trim().split("\\s+");
            own.add(InetAddress.getByName(cols[3].substring(0, cols[3].indexOf('/'))));
        }
        return own;
    }

    /** The host of an ss address column: 1.2.3.4:80, [::1]:80, [::ffff:1.2.3.4]:80, *:*, %lo zones. */
    private static String host(String address) {
        String host = address.substring(0, address.lastIndexOf(':'));
        host = host.replace("[", "").replace("]", "");
        int zone = host.indexOf('%');
        return zone >= 0 ? host.substring(0, zone) : host;
    }

    private static boolean isLocal(String host, Set<InetAddress> own) throws IOException {
        if (host.equals("*")) {
            return true;
        }
        InetAddress a = InetAddress.getByName(host); // a literal: no lookup
        return a.isAnyLocalAddress() || a.isLoopbackAddress() || own.contains(a)
                || CLUSTER_RANGES.stream().anyMatch(r -> inRange(a, r));
    }

    private static boolean inRange(InetAddress a, String cidr) {
        try {
            byte[] net = InetAddress.getByName(cidr.substring(0, cidr.indexOf('/'))).getAddress();
            int bits = Integer.parseInt(cidr.substring(cidr.indexOf('/') + 1));
            byte[] addr = a.getAddress();
            if (addr.length != net.length) {
                return false;
            }
            for (int i = 0; i < bits; i++) {
                int mask = 0x80 >> (i % 8);
                if ((addr[i / 8] & mask) != (net[i / 8] & mask)) {
                    return false;
                }
            }
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
