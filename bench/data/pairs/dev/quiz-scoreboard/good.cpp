// quizscore - keep the scoreboard of a pub quiz.
//
// Reads "TEAM POINTS" pairs from standard input (TEAM is the table number
// 0..kMaxTeams-1, POINTS may be negative for penalties) and prints the
// final ranking.

#include <algorithm>
#include <array>
#include <iostream>
#include <iterator>
#include <utility>
#include <vector>

class Scoreboard
{
public:
    static constexpr int kMaxTeams = 16;

    Scoreboard()
    {
        std::fill(std::begin(points_), std::end(points_), 0L);
        answered_.fill(0);
    }

    // Returns false for an unknown table number.
    bool add(int team, int points)
    {
        if (team < 0 || team >= kMaxTeams)
            return false;
        points_[team] += points;
        answered_[team]++;
        return true;
    }

    void print_ranking(std::ostream &out) const
    {
        std::vector<std::pair<long, int>> rank;
        for (int t = 0; t < kMaxTeams; ++t)
        {
            if (answered_[t] > 0)
                rank.emplace_back(points_[t], t);
        }
        std::sort(rank.begin(), rank.end(),
                  [](const std::pair<long, int> &a, const std::pair<long, int> &b)
                  {
                      return a.first != b.first ? a.first > b.first
                                                : a.second < b.second;
                  });
        int place = 0;
        for (const auto &r : rank)
            out << ++place << ". table " << r.second << ": " << r.first
                << " points\n";
        if (rank.empty())
            out << "no scores recorded\n";
    }

private:
    long points_[kMaxTeams];
    std::array<unsigned, kMaxTeams> answered_;
};

int main()
{
    Scoreboard board;
    int team, points;
    unsigned long rounds = 0;

    while (std::cin >> team >> points)
    {
        if (points < -100 || points > 100)
        {
            std::cerr << "ignoring implausible score " << points << '\n';
            continue;
        }
        if (!board.add(team, points))
            std::cerr << "no such table: " << team << '\n';
        ++rounds;
    }
    if (!std::cin.eof())
        std::cerr << "stopped at malformed input after " << rounds << " scores\n";

    board.print_ranking(std::cout);
    return 0;
}
