package io.brokerwise.model.topology;

import java.util.Locale;

/** Human-readable figures for reasons and messages. */
public final class Format {

    private Format() {
    }

    /** 0.9999 as "99.99%". */
    public static String percent(double fraction) {
        String s = String.format(Locale.ROOT, "%.6f", fraction * 100).replaceAll("0+$", "").replaceAll("\\.$", "");
        return s + "%";
    }

    /** Seconds with a unit that keeps three significant digits: "850 us", "12.3 ms", "1.20 s"; whole seconds from 1000 s. */
    public static String seconds(double s) {
        if (Double.isInfinite(s)) {
            return "unbounded";
        }
        if (s < 1e-3) {
            return String.format(Locale.ROOT, "%.3g us", s * 1e6);
        }
        if (s < 1) {
            return String.format(Locale.ROOT, "%.3g ms", s * 1e3);
        }
        return s < 1000 ? String.format(Locale.ROOT, "%.3g s", s) : String.format(Locale.ROOT, "%.0f s", s);
    }

    /** A count or a rate as people read it: whole with thousands separators from 100 on ("1,000"), else "0.500". */
    public static String number(double x) {
        return x >= 100 ? String.format(Locale.ROOT, "%,.0f", x) : String.format(Locale.ROOT, "%.3g", x);
    }

    /** Messages per second: "1,000 msgs/s". */
    public static String rate(double messagesPerSecond) {
        return number(messagesPerSecond) + " msgs/s";
    }

    /** Bits per second with a decimal unit and three significant digits: "850 Mbit/s", "12.3 Gbit/s". */
    public static String bitsPerSecond(double bits) {
        String[] units = {"bit/s", "kbit/s", "Mbit/s", "Gbit/s", "Tbit/s"};
        int i = 0;
        while (bits >= 999.5 && i < units.length - 1) {
            bits /= 1000;
            i++;
        }
        return String.format(Locale.ROOT, "%.3g %s", bits, units[i]);
    }
}
