package demo.client;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

/** Method references hand a method to the call that runs it. */
public class Client {
    private final Exchange exchange = new Exchange();

    CompletableFuture<String> send(String request) {
        return connect(request)
            .thenCompose(exchange::readBody)
            .thenApply(this::decode)
            .thenApply(String::trim);
    }

    List<Exchange> exchanges(List<String> names) {
        return names.stream().map(Exchange::new).collect(Collectors.toList());
    }

    CompletableFuture<String> connect(String request) { return CompletableFuture.completedFuture(request); }

    String decode(String body) { return body; }

    static class Exchange {
        Exchange() { }
        Exchange(String name) { }
        CompletableFuture<String> readBody(String connection) { return CompletableFuture.completedFuture(connection); }
    }
}
