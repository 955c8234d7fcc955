// scores: reads "player score" pairs and keeps the best score per player number
#include <iostream>
#include <vector>

int main()
{
    std::vector<int> best(16, 0);
    int player, score;

    while (std::cin >> player >> score) {
        if (player < 0 || static_cast<std::size_t>(player) >= best.size())
            continue;
        if (score > best[player])
            best[player] = score;
    }
    for (std::size_t i = 0; i < best.size(); ++i)
        std::cout << i << ' ' << best[i] << '\n';
    return 0;
}
