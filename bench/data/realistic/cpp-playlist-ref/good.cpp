// playlist: commands on stdin build a playlist and play it.
//   add TITLE SECONDS   append a track
//   dup N               append a copy of track N, marked "(again)"
//   play                print the list and the total time
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

struct Track {
    std::string title;
    unsigned seconds = 0;
};

class Playlist {
public:
    void add(const std::string &title, unsigned seconds) { tracks_.push_back({title, seconds}); }

    bool duplicate(std::size_t n)
    {
        if (n >= tracks_.size())
            return false;
        Track copy = tracks_[n];
        copy.title += " (again)";
        tracks_.push_back(copy);
        return true;
    }

    void play(std::ostream &out) const
    {
        unsigned total = 0;
        for (const Track &t : tracks_) {
            out << t.title << " " << t.seconds / 60 << ":" << (t.seconds % 60 < 10 ? "0" : "") << t.seconds % 60 << "\n";
            total += t.seconds;
        }
        out << "total " << total / 60 << " min\n";
    }

private:
    std::vector<Track> tracks_;
};

int main()
{
    Playlist list;
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream in(line);
        std::string cmd;
        in >> cmd;
        if (cmd == "add") {
            std::string title;
            unsigned secs = 0;
            if (in >> title >> secs)
                list.add(title, secs);
        } else if (cmd == "dup") {
            std::size_t n;
            if (!(in >> n) || !list.duplicate(n))
                std::cerr << "no such track\n";
        } else if (cmd == "play") {
            list.play(std::cout);
        }
    }
    return 0;
}
