// lc3tools-batch: runs one LC-3 program in Sakhuja's lc3tools (its library,
// the code behind its `assembler` and `simulator` commands) without the
// simulator's prompt, for scripts/difffuzz --isa lc3. Not part of the
// project's build: it is built against an lc3tools build tree (see
// docs/oracles.md), like an oracle wrapper, and links nothing into the tools.
//
//   lc3tools-batch PROG.asm KEYS LIMIT
//   lc3tools-batch --serve LIMIT
//
// Assembles PROG.asm (messages on stderr), runs it as the simulator's `run`
// does, with the bytes of the file KEYS as keys already typed, and writes on
// stdout exactly what the simulator's console printer writes during the run
// (the program's output; its own warnings in colour, as on a terminal).
// Exit status: 0 the run ended (HALT or an exception's HALT), 1 assembly
// failed, 2 bad usage, 3 LIMIT instructions ran first.
// --serve reads lines "CASE<TAB>RESULT" on stdin and for each runs
// CASE/p.asm with the keys CASE/p.in, writing RESULT/out and RESULT/err,
// and answers the exit status on a line of its own. The simulator is built
// once (lc3tools assembles its OS then, most of a run's time) and each
// program runs in a fork of it: a fresh machine every time.
// Why not the interactive simulator: it reads keys with select() and fgetc
// on its command stream, so keys piped with the commands are lost and each
// run needs timed writes (seconds a program); this takes milliseconds.
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>

#define API_VER 2
#include "console_printer.h"
#include "interface.h"

namespace {
class StderrPrinter : public lc3::utils::IPrinter {
public:
    void setColor(lc3::utils::PrintColor) override {}
    void print(std::string const &text) override { std::cerr << text; }
    void newline(void) override { std::cerr << "\n"; }
};

// Keys typed before the run starts: each is taken when the keyboard
// device polls, as a key typed at once on the console would be.
class FileInputter : public lc3::utils::IInputter {
public:
    explicit FileInputter(std::string keys) : keys(std::move(keys)) {}
    void setKeys(std::string typed) { keys = std::move(typed); }
    void beginInput(void) override {}
    bool getChar(char &c) override
    {
        if (next >= keys.size())
            return false;
        c = keys[next++];
        return true;
    }
    void endInput(void) override {}
    bool hasRemaining(void) const override { return next < keys.size(); }

private:
    std::string keys;
    size_t next = 0;
};

std::string readFile(char const *path)
{
    std::ifstream file(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
}

// Assembles and runs PROG in SIMULATOR (freshly built); the exit status.
int runOne(lc3::sim &simulator, char const *prog, unsigned long limit)
{
    StderrPrinter asm_printer;
    lc3::as assembler(asm_printer, DEFAULT_PRINT_LEVEL, false);
    auto obj = assembler.assemble(prog);
    if (!obj)
        return 1;
    if (!simulator.loadObjFile(obj->first))
        return 1;
    simulator.setRunInstLimit(limit);
    simulator.run();
    std::cout << std::flush;
    return simulator.didExceedInstLimit() ? 3 : 0;
}

int serve(unsigned long limit)
{
    lc3::ConsolePrinter printer;
    FileInputter inputter("");
    lc3::sim simulator(printer, inputter, DEFAULT_PRINT_LEVEL);
    std::string line;
    while (std::getline(std::cin, line)) {
        size_t tab = line.find('\t');
        if (tab == std::string::npos) {
            std::cout << "2" << std::endl;
            continue;
        }
        std::string dir = line.substr(0, tab), result = line.substr(tab + 1);
        std::cout << std::flush;
        pid_t child = fork();
        if (child == 0) {
            int out = open((result + "/out").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            int err = open((result + "/err").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (out < 0 || err < 0 || chdir(dir.c_str()) != 0)
                _exit(2);
            dup2(out, 1);
            dup2(err, 2);
            inputter.setKeys(readFile("p.in"));
            int status = runOne(simulator, "p.asm", limit);
            std::cout << std::flush;
            std::cerr << std::flush;
            _exit(status);
        }
        int status = 2;
        if (child > 0 && waitpid(child, &status, 0) == child)
            status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        std::cout << status << std::endl;
    }
    return 0;
}
}

int main(int argc, char **argv)
{
    if (argc == 3 && std::string(argv[1]) == "--serve")
        return serve(std::stoul(argv[2]));
    if (argc != 4) {
        std::cerr << "usage: lc3tools-batch PROG.asm KEYS LIMIT\n       lc3tools-batch --serve LIMIT\n";
        return 2;
    }
    lc3::ConsolePrinter printer;
    FileInputter inputter(readFile(argv[2]));
    lc3::sim simulator(printer, inputter, DEFAULT_PRINT_LEVEL);
    return runOne(simulator, argv[1], std::stoul(argv[3]));
}
