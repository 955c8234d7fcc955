// inventory: a fixed-size stock table and a batch import that moves lines into it
#include <cstddef>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

class Stock {
public:
    explicit Stock(std::size_t slots) : counts_(new int[slots]()), slots_(slots) {}
    ~Stock() { delete counts_; } /* FLAW: CWE-762 */
    Stock(const Stock &) = delete;
    Stock &operator=(const Stock &) = delete;
    void add(std::size_t slot, int n) { if (slot < slots_) counts_[slot] += n; }
private:
    int *counts_;
    std::size_t slots_;
};

std::size_t import_lines(std::vector<std::string> &journal, std::string line, Stock &stock) {
    journal.push_back(std::move(line));
    stock.add(0, 1);
    return line.size(); /* FLAW: CWE-672 */
}
