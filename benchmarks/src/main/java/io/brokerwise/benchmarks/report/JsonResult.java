package io.brokerwise.benchmarks.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** How every command hands over its result: indented JSON on stdout, and in {@code --out} when given. */
public final class JsonResult {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private JsonResult() {
    }

    public static String text(Object result) throws IOException {
        return JSON.writeValueAsString(result);
    }

    public static void emit(Object result, Path out) throws IOException {
        String json = text(result);
        System.out.println(json);
        if (out != null) {
            Files.writeString(out, json + "\n");
        }
    }
}
