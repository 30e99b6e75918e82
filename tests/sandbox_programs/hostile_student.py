# A hostile student's "3-digit program" for tests/sandbox_class.rs: python3 solver.py LETTER FILE.
# What it attempts is read from attack.json beside it (the test writes it, giving the real
# paths an attacker would hunt for). Every attack is bounded even if the sandbox failed: a
# few GiB of memory at most, 400 MiB of disk, 300 processes, daemons that end by themselves.
# What it saw goes to stderr, one line each, and it exits 1 (a failed run shows its stderr).
import json, os, socket, subprocess, sys, time

here = os.path.dirname(os.path.abspath(__file__))
attack = json.load(open(os.path.join(here, "attack.json")))
mode = attack["mode"]
letter, problem = sys.argv[1], sys.argv[2]


log = []


def say(text):
    log.append(text.replace("\n", " ").replace(" | ", " / "))
    sys.stderr.write(log[-1] + "\n")
    sys.stderr.flush()


def answer_key():
    """Runs any searchlab it can find on the problem and prints its answer."""
    candidates = [attack.get("grader", ""), "searchlab", "/usr/local/bin/searchlab", "/usr/bin/searchlab"]
    seen = 0
    for top in ("/usr", "/opt", "/root", "/home", "/work", "/srv"):
        for folder, dirs, names in os.walk(top):
            seen += len(names) + len(dirs)
            candidates += [os.path.join(folder, n) for n in names if n.startswith("searchlab")]
            if seen > 30000:
                break
    for cand in candidates:
        try:
            out = subprocess.run([cand, "digits", letter, problem], capture_output=True, timeout=20, text=True)
        except Exception as e:
            say("KEY %s: %s" % (cand, e))
            continue
        if out.returncode == 0 and out.stdout.count("\n") >= 2:
            sys.stdout.write(out.stdout)
            sys.exit(0)
        say("KEY %s: exit %d" % (cand, out.returncode))
    try:
        import searchlab  # noqa: F401  the Python package is an answer key too
        say("KEY python package importable")
    except ImportError:
        say("KEY no python package")


def look():
    say("ROOT " + ",".join(sorted(os.listdir("/"))))
    for path in attack["secrets"] + ["/etc/shadow", "/etc/passwd"]:
        try:
            say("READ %s: %s" % (path, open(path).read()))
        except OSError as e:
            say("CANNOT READ %s: %s" % (path, e.strerror))
    for path in attack["folders"] + ["/run", "/var", "/home", "/root", os.path.dirname(here)]:
        try:
            say("LIST %s: %s" % (path, ",".join(sorted(os.listdir(path)))))
        except OSError as e:
            say("CANNOT LIST %s: %s" % (path, e.strerror))


def unix_socket():
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        s.connect(attack["socket"])
        s.sendall(b"stolen")
        say("SOCKET connected")
    except OSError as e:
        say("SOCKET refused: %s" % e)


def children(n, body):
    pids = []
    for _ in range(n):
        try:
            pid = os.fork()
        except OSError as e:
            say("fork failed after %d: %s" % (len(pids), e.strerror))
            break
        if pid == 0:
            try:
                body()
            finally:
                os._exit(0)
        pids.append(pid)
    return pids


def memory():
    """Four children of 400 MiB each, every page touched, held for a while."""
    def hold():
        block = bytearray(b"\x01") * (400 << 20)
        time.sleep(8)
        block[0] = 2
    pids = children(4, hold)
    killed = [p for p in pids if os.waitpid(p, 0)[1] != 0]
    say("MEMORY %d of %d children ended early" % (len(killed), len(pids)))


def disk():
    """Ten files of 40 MiB each (each under the per-file limit): 400 MiB in all."""
    written = 0
    try:
        for i in range(10):
            with open("fill-%d" % i, "wb") as f:
                for _ in range(40):
                    f.write(b"\0" * (1 << 20))
                    written += 1
    except OSError as e:
        say("DISK stopped after %d MiB: %s" % (written, e.strerror))
        sys.exit(1)
    say("DISK wrote %d MiB" % written)


def processes():
    """Holds as many processes as it can (at most 300) for a while."""
    pids = children(300, lambda: time.sleep(attack.get("hold", 4)))
    say("PROCESSES held %d" % len(pids))
    for p in pids:
        os.waitpid(p, 0)


def daemon():
    """A daemon that left the process group, and a main process that waits: both carry
    this file's path in their command line, which the test looks for."""
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            time.sleep(60)
        os._exit(0)
    say("DAEMON started")
    time.sleep(60)


{"key": answer_key, "look": look, "socket": unix_socket, "memory": memory, "disk": disk,
 "processes": processes, "daemon": daemon}[mode]()
# Everything on one last line too (a report keeps only the end of stderr), and fail.
sys.stderr.write(" | ".join(log) + "\n")
sys.exit(1)
