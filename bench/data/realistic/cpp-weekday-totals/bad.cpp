// weekly: sum amounts per weekday.  Input lines: "DAY AMOUNT", DAY 0..6 (0 = Monday).
#include <array>
#include <iomanip>
#include <iostream>
#include <stdexcept>
#include <string>

static const char *const kNames[] = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};

class Week {
public:
    void add(int day, double amount)
    {
        totals_[day] += amount; /* FLAW: CWE-787 */
        counts_[day]++; /* FLAW: CWE-787 */
    }

    void print(std::ostream &out) const
    {
        for (std::size_t d = 0; d < totals_.size(); ++d) {
            out << kNames[d] << ' ' << std::setw(10) << std::fixed << std::setprecision(2) << totals_[d];
            if (counts_[d])
                out << "  avg " << totals_[d] / counts_[d];
            out << '\n';
        }
    }

private:
    std::array<double, 7> totals_{};
    std::array<unsigned, 7> counts_{};
};

int main()
{
    Week week;
    int day;
    double amount;
    unsigned line = 0;
    while (std::cin >> day >> amount) {
        ++line;
        try {
            week.add(day, amount);
        } catch (const std::out_of_range &) {
            std::cerr << "line " << line << ": no such day " << day << '\n';
        }
    }
    week.print(std::cout);
    return 0;
}
