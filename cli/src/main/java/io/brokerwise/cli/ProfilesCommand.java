package io.brokerwise.cli;

import io.brokerwise.model.service.BuiltInProfiles;
import io.brokerwise.model.service.ProfileParameters;
import io.brokerwise.model.service.ServiceTimeProfile;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;

@Command(name = "profiles", mixinStandardHelpOptions = true,
        description = "Lists the built-in broker profiles: the parameters Henjes fitted (Performance Evaluation of "
                + "Publish/Subscribe Middleware Architectures, tables 4.1 to 4.6) and the Artemis 2.56 calibrations "
                + "of profiles/.",
        footer = {"", "A family name (e.g. henjes-activemq) picks the variant for the workload's filter kind.",
                "A topology without spec.profileRef plans its topic with artemis-2.56-halfcore-nonpersistent",
                "(its subscriptions are non-durable: nothing is journaled), and its queues with",
                "artemis-2.56-halfcore-persistent when their deliveryMode is Persistent.", "",
                "Example:", "  brokerwise profiles"})
final class ProfilesCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        out.printf("%-40s %-14s %-10s %-10s %-10s %-10s %s%n", "NAME", "MODEL", "t_rcv", "t_fltr", "t_tx", "ceiling", "SOURCE");
        for (ServiceTimeProfile p : BuiltInProfiles.all()) {
            ProfileParameters x = p.parameters();
            out.printf("%-40s %-14s %-10.3g %-10.3g %-10.3g %-10s %s%n", p.name(), p.model().name(), x.receiveSeconds(),
                    x.filterSeconds(), x.dispatchSeconds(), x.hasCeiling() ? String.format("%.0f/s", x.maxOverallRate()) : "-",
                    p.source());
        }
        return 0;
    }
}
