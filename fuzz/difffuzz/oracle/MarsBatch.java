// MarsBatch: runs many MARS 4.5 command lines in one JVM, each as
// `java -jar mars.jar WORDS` would run it (issue 31: the JVM start is most of
// a difffuzz run's time). Our own code, compiled against nothing but the JDK;
// MARS is loaded from its jar at run time (docs/oracles.md has the build and
// run lines; it needs Java 17: a SecurityManager traps System.exit, and the
// incubating foreign linker calls chdir).
//
// Requests on stdin, one a line, fields separated by tabs (a tab, newline or
// backslash inside a field written \t, \n, \\):
//   ID  DIR  STDIN  STDOUT  STDERR  LIMIT_MS  WORD...
// Each is answered on stdout with one line: "ID status N", "ID timeout" or
// "ID error MESSAGE". "quit" ends the server.
//
// Why each run is the same as a fresh JVM's:
// - MARS keeps its state in statics: every run gets a new URLClassLoader over
//   the jar whose parent is the platform loader, so no MARS class is shared.
// - System.in/out/err are replaced by the run's files, wrapped as the JVM
//   wraps file descriptors 0-2 (System.newPrintStream: 128-byte buffer,
//   autoflush, sun.stdout.encoding or the default charset).
// - MARS opens files relative to the process's directory (syscall 13, dump
//   files) and names the program by File.getAbsolutePath (java.io's cached
//   user.dir): the server chdirs and sets that cache to DIR.
// - System.exit is trapped; a run that ends otherwise, times out, or leaves a
//   thread alive makes the server answer and then exit, so the next request
//   goes to a fresh JVM (the client restarts it) instead of a tainted one.

import java.io.*;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import jdk.incubator.foreign.CLinker;
import jdk.incubator.foreign.FunctionDescriptor;
import jdk.incubator.foreign.MemoryAddress;
import jdk.incubator.foreign.ResourceScope;

@SuppressWarnings("removal") // the SecurityManager: Java 17 has no other exit trap
public final class MarsBatch {
    /** Thrown from System.exit inside a run, carrying its status. */
    static final class Exit extends Error {
        private static final long serialVersionUID = 1L;
        final int status;
        Exit(int status) {
            super(null, null, false, false);
            this.status = status;
        }
    }

    /** The run in progress, if any: whose exits are trapped. */
    static final class Run {
        final ThreadGroup group;
        volatile Thread main;
        volatile Integer exitStatus;      // the first System.exit's status
        volatile boolean exitOffMain;     // System.exit from another thread
        Run(ThreadGroup group) { this.group = group; }
    }

    static volatile Run current;
    static volatile boolean serverExiting;
    static volatile long lastRequest = System.currentTimeMillis();

    static final class Trap extends SecurityManager {
        @Override public void checkPermission(java.security.Permission p) { }
        @Override public void checkPermission(java.security.Permission p, Object c) { }
        @Override public void checkExit(int status) {
            Run run = current;
            if (serverExiting || run == null) return;
            synchronized (run) {
                if (run.exitStatus == null) {
                    run.exitStatus = status;
                    if (Thread.currentThread() != run.main) run.exitOffMain = true;
                    run.notifyAll();
                }
            }
            throw new Exit(status);
        }
    }

    static MethodHandle chdir;
    static Object fileSystem;
    static Field userDir;
    static final PrintStream realOut = System.out;
    static final InputStream realIn = System.in;
    static final PrintStream realErr = System.err;

    public static void main(String[] argv) throws Exception {
        if (argv.length != 1) {
            System.err.println("usage: java ... MarsBatch MARS.jar  (requests on stdin)");
            System.exit(2);
        }
        URL jar = new File(argv[0]).getAbsoluteFile().toURI().toURL();
        CLinker linker = CLinker.getInstance();
        chdir = linker.downcallHandle(CLinker.systemLookup().lookup("chdir").get(),
                MethodType.methodType(int.class, MemoryAddress.class),
                FunctionDescriptor.of(CLinker.C_INT, CLinker.C_POINTER));
        Field fs = File.class.getDeclaredField("fs");
        fs.setAccessible(true);
        fileSystem = fs.get(null);
        userDir = fileSystem.getClass().getDeclaredField("userDir");
        userDir.setAccessible(true);
        // JDK singletons that start threads on first use start them now, in
        // the server's group, not a run's: the preferences' sync timer (MARS's
        // settings) and AWT's event queue (MARS makes a Swing panel for its
        // run speed even on the command line).
        java.util.prefs.Preferences.userRoot();
        java.awt.EventQueue.invokeAndWait(() -> { });
        System.setSecurityManager(new Trap());

        BufferedReader requests = new BufferedReader(
                new InputStreamReader(realIn, StandardCharsets.UTF_8));
        PrintStream replies = new PrintStream(new FileOutputStream(FileDescriptor.out), true, "UTF-8");
        // A server nobody asks for 10 minutes ends (no JVM outlives a run).
        Thread idle = new Thread(() -> {
            while (true) {
                try {
                    Thread.sleep(10_000);
                } catch (InterruptedException e) {
                    return;
                }
                if (current == null && System.currentTimeMillis() - lastRequest > 600_000) {
                    serverExiting = true;
                    System.exit(0);
                }
            }
        }, "idle");
        idle.setDaemon(true);
        idle.start();
        String line;
        while ((line = requests.readLine()) != null) {
            lastRequest = System.currentTimeMillis();
            if (line.equals("quit")) break;
            if (line.isEmpty()) continue;
            List<String> f = split(line);
            String id = f.get(0);
            if (f.size() < 6) {
                replies.println(id + "\terror\tbad request");
                continue;
            }
            String answer;
            boolean tainted;
            try {
                Result r = runOne(jar, f.get(1), f.get(2), f.get(3), f.get(4),
                        Long.parseLong(f.get(5)), f.subList(6, f.size()).toArray(new String[0]));
                answer = r.answer;
                tainted = r.tainted;
            } catch (Throwable e) {
                answer = "error\t" + e.toString().replace('\t', ' ').replace('\n', ' ');
                tainted = true;
            }
            lastRequest = System.currentTimeMillis();
            replies.println(id + "\t" + answer);
            if (tainted) break;
        }
        serverExiting = true;
        System.exit(0);
    }

    /** Splits a request line on tabs, undoing \t, \n and \\ in each field. */
    static List<String> split(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\t') {
                fields.add(b.toString());
                b.setLength(0);
            } else if (c == '\\' && i + 1 < line.length()) {
                char d = line.charAt(++i);
                b.append(d == 't' ? '\t' : d == 'n' ? '\n' : d);
            } else {
                b.append(c);
            }
        }
        fields.add(b.toString());
        return fields;
    }

    static final class Result {
        final String answer;
        final boolean tainted;
        Result(String answer, boolean tainted) { this.answer = answer; this.tainted = tainted; }
    }

    static void enter(String dir) throws Throwable {
        File d = new File(dir);
        if (!d.isAbsolute() || !d.isDirectory()) throw new IOException("not an absolute directory: " + dir);
        try (ResourceScope scope = ResourceScope.newConfinedScope()) {
            int rc = (int) chdir.invokeExact(CLinker.toCString(dir, scope).address());
            if (rc != 0) throw new IOException("chdir failed: " + dir);
        }
        userDir.set(fileSystem, dir);
        System.setProperty("user.dir", dir);
    }

    // The JVM's own wrapping of file descriptors 1 and 2 (System.newPrintStream).
    static PrintStream jvmPrintStream(FileOutputStream fos, String enc) {
        if (enc != null) {
            try {
                return new PrintStream(new BufferedOutputStream(fos, 128), true, enc);
            } catch (UnsupportedEncodingException e) {
                // as the JVM: fall back to the default charset
            }
        }
        return new PrintStream(new BufferedOutputStream(fos, 128), true);
    }

    static Result runOne(URL jar, String dir, String in, String out, String err, long limitMs,
                         String[] words) throws Throwable {
        enter(dir);
        ThreadGroup group = new ThreadGroup("mars-run");
        Run run = new Run(group);
        URLClassLoader loader = new URLClassLoader(new URL[] {jar}, ClassLoader.getPlatformClassLoader());
        FileInputStream stdin = new FileInputStream(in);
        PrintStream stdout = jvmPrintStream(new FileOutputStream(out), System.getProperty("sun.stdout.encoding"));
        PrintStream stderr = jvmPrintStream(new FileOutputStream(err), System.getProperty("sun.stderr.encoding"));
        System.setIn(new BufferedInputStream(stdin));
        System.setOut(stdout);
        System.setErr(stderr);
        boolean[] threw = new boolean[1];
        Thread main = new Thread(group, () -> {
            try {
                Method m = Class.forName("Mars", true, loader).getMethod("main", String[].class);
                m.invoke(null, (Object) words);
            } catch (InvocationTargetException e) {
                Throwable t = e.getCause();
                if (!(t instanceof Exit)) {
                    // As the JVM's default handler prints an exception out of
                    // main, with the frames below Mars.main (ours) cut.
                    cut(t, new java.util.IdentityHashMap<>());
                    System.err.print("Exception in thread \"main\" ");
                    t.printStackTrace(System.err);
                    threw[0] = true;
                }
            } catch (Throwable t) {
                t.printStackTrace(realErr);
                threw[0] = true;
            } finally {
                synchronized (run) {
                    run.notifyAll();
                }
            }
        }, "main");
        main.setContextClassLoader(loader);
        run.main = main;
        current = run;
        long deadline = System.currentTimeMillis() + limitMs;
        main.start();
        boolean timedOut = false;
        // The run ends at System.exit from any thread, or when main has
        // ended and no other non-daemon thread is left (the JVM's rule).
        synchronized (run) {
            while (run.exitStatus == null && (main.isAlive() || liveNonDaemon(group))) {
                long wait = deadline - System.currentTimeMillis();
                if (wait <= 0) {
                    timedOut = true;
                    break;
                }
                run.wait(Math.min(wait, 20));
            }
        }
        if (!timedOut && run.exitStatus != null && !run.exitOffMain) main.join(Math.max(1, deadline - System.currentTimeMillis()));
        current = null;
        System.setIn(realIn);
        System.setOut(realOut);
        System.setErr(realErr);
        stdout.flush();
        stderr.flush();
        stdout.close();
        stderr.close();
        stdin.close();
        if (timedOut) return new Result("timeout", true);
        Integer status = run.exitStatus;
        boolean tainted = run.exitOffMain || liveAny(group);
        if (status == null) status = threw[0] ? 1 : 0;
        if (!tainted) loader.close();
        return new Result("status\t" + status, tainted);
    }

    static boolean liveNonDaemon(ThreadGroup g) {
        Thread[] ts = new Thread[g.activeCount() + 8];
        int n = g.enumerate(ts, true);
        for (int i = 0; i < n; i++) {
            if (ts[i].isAlive() && !ts[i].isDaemon()) return true;
        }
        return false;
    }

    static boolean liveAny(ThreadGroup g) {
        Thread[] ts = new Thread[g.activeCount() + 8];
        int n = g.enumerate(ts, true);
        for (int i = 0; i < n; i++) {
            if (ts[i].isAlive()) {
                realErr.println("MarsBatch: thread left alive: " + ts[i] + (ts[i].isDaemon() ? " (daemon)" : ""));
                return true;
            }
        }
        return false;
    }

    /** Cuts every trace in t's chain after its Mars.main frame. */
    static void cut(Throwable t, java.util.Map<Throwable, Boolean> seen) {
        if (t == null || seen.put(t, true) != null) return;
        StackTraceElement[] st = t.getStackTrace();
        for (int i = 0; i < st.length; i++) {
            if (st[i].getClassName().equals("Mars") && st[i].getMethodName().equals("main")) {
                t.setStackTrace(java.util.Arrays.copyOf(st, i + 1));
                break;
            }
        }
        cut(t.getCause(), seen);
        for (Throwable s : t.getSuppressed()) cut(s, seen);
    }
}
