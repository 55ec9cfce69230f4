"""A GTP engine in a child process, one command at a time (shared by the
scripts that talk to GNU Go or to `keisei gtp`)."""
import subprocess, tempfile, time


class Gtp:
    """A GTP engine in a child process; `name` names it in errors."""

    def __init__(self, argv, name="GNU Go"):
        self.name = name
        # stderr goes to a file (a pipe nobody reads could fill and block).
        self.err = tempfile.TemporaryFile(mode="w+")
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.err, text=True, bufsize=1)

    def ask(self, command):
        """The answer to `command` (without its `=`), and the seconds it took."""
        start = time.perf_counter()
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                self.proc.wait()
                self.err.seek(0)
                err = self.err.read()[-2000:]
                raise RuntimeError(f"{self.name} closed its output after `{command}`: {err}")
            if line.strip() == "" and lines:
                break
            if line.strip() != "" or lines:
                lines.append(line.rstrip("\n"))
        secs = time.perf_counter() - start
        answer = "\n".join(lines)
        if answer.startswith("?"):
            raise RuntimeError(f"{self.name} refused `{command}`: {answer}")
        return answer.lstrip("= ").strip(), secs

    def close(self):
        try:
            self.ask("quit")
        except (RuntimeError, BrokenPipeError):
            pass
        self.proc.wait()
