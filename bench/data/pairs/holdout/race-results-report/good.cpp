// raceresults - print the result list of a club race.
//
// The timing file written by the finish-line app has two sections:
//
//   [runners]
//   Anna Berg
//   Tom Keller
//   ...
//   [finish]
//   BIB SECONDS        (BIB is the 0-based position in the runners list)
//
// usage: raceresults TIMING-FILE

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

struct Finish {
    std::size_t bib;
    unsigned seconds;
};

static std::string format_time(unsigned s)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%u:%02u:%02u", s / 3600, s / 60 % 60, s % 60);
    return buf;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::cerr << "usage: " << argv[0] << " TIMING-FILE\n";
        return 2;
    }

    std::ifstream in(argv[1]);
    if (!in) {
        std::cerr << argv[1] << ": cannot open\n";
        return 1;
    }

    std::vector<std::string> runners;
    std::vector<Finish> finishes;
    enum { NONE, RUNNERS, FINISH } section = NONE;
    std::string line;
    unsigned lineno = 0;
    while (std::getline(in, line)) {
        ++lineno;
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (line.empty())
            continue;
        if (line == "[runners]") {
            section = RUNNERS;
        } else if (line == "[finish]") {
            section = FINISH;
        } else if (section == RUNNERS) {
            runners.push_back(line);
        } else if (section == FINISH) {
            std::istringstream ls(line);
            Finish f;
            if (!(ls >> f.bib >> f.seconds)) {
                std::cerr << argv[1] << ':' << lineno << ": malformed finish line\n";
                return 1;
            }
            finishes.push_back(f);
        } else {
            std::cerr << argv[1] << ':' << lineno << ": text outside a section\n";
            return 1;
        }
    }

    // fastest first; equal times keep the order in which they were recorded
    std::stable_sort(finishes.begin(), finishes.end(),
                     [](const Finish &a, const Finish &b) { return a.seconds < b.seconds; });

    unsigned place = 0;
    for (const Finish &f : finishes) {
        if (f.bib >= runners.size()) {
            std::cerr << "bib " << f.bib << " is not in the runners list, skipped\n";
            continue;
        }
        const std::string &name = runners[f.bib];
        std::cout << ++place << ". " << name << "  " << format_time(f.seconds) << '\n';
    }
    if (place == 0)
        std::cout << "no finishers\n";
    return 0;
}
