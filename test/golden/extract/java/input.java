package com.example.app;

import java.util.List;
import java.util.*;
import static java.lang.Math.max;
import static org.junit.Assert.*;

/** A service. */
@Service
public class UserService extends Base<User> implements Runnable, Api {
    private final Repo repo = new Repo();
    public static final int MAX = 3;

    public UserService(Repo repo) { super(); this.repo = repo; }

    @Override
    public List<User> find(String name) throws IOException {
        repo.save(name);
        this.helper();
        Util.compute(max(1, 2));
        return new ArrayList<>();
    }
    interface Inner { void go(); }
    enum Color { RED, GREEN; void m() {} }
    record Point(int x, int y) {}
    static void log(String format, Object... args) { log(format, /* none */ 1, 2); }
}
