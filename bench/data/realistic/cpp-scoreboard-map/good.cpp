// scoreboard: reads "NAME POINTS" lines, then "? NAME" queries, from stdin.
// Players live in a vector; a map indexes them by name.
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

struct Player {
    std::string name;
    long points = 0;
    int games = 0;
};

class Board {
public:
    void record(const std::string &name, long pts)
    {
        auto it = index_.find(name);
        Player *p;
        if (it == index_.end()) {
            players_.push_back(std::make_unique<Player>());
            p = players_.back().get();
            p->name = name;
            index_[name] = p;
        } else {
            p = it->second;
        }
        p->points += pts;
        p->games++;
    }

    const Player *lookup(const std::string &name)
    {
        auto it = index_.find(name);
        return it == index_.end() ? nullptr : it->second;
    }

private:
    std::vector<std::unique_ptr<Player>> players_;
    std::map<std::string, Player *> index_;
};

int main()
{
    Board board;
    std::string word;
    while (std::cin >> word) {
        if (word == "?") {
            std::string who;
            if (!(std::cin >> who))
                break;
            const Player *p = board.lookup(who);
            if (p == nullptr) {
                std::cout << who << ": no games\n";
                continue;
            }
            std::cout << who << ": " << p->points << " in " << p->games << " games\n";
        } else {
            long pts;
            if (!(std::cin >> pts))
                break;
            board.record(word, pts);
        }
    }
    return 0;
}
