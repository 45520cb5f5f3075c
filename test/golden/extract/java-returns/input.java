package demo.env;

/** Calls on what a method of the same class declares it returns. */
public class Environment {
    private final Loader loader = new Loader();

    public Loader getLoader() { return loader; }

    /** Overloads returning different classes say nothing about a call on their result. */
    Loader pick() { return loader; }
    Object pick(int i) { return loader; }

    boolean isFresh(String name) {
        return getLoader().isFresh(name) && this.getLoader().exists(name) && pick().exists(name);
    }

    static class Loader {
        boolean isFresh(String name) { return true; }
        boolean exists(String name) { return true; }
    }
}
