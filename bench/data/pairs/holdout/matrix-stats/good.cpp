// matstat - read an integer matrix from standard input and print its row
// sums, column sums and grand total.
//
// Input: ROWS COLS followed by ROWS*COLS integers in row-major order,
// each between -1e9 and 1e9.

#include <cstdint>
#include <iostream>
#include <vector>

namespace {

constexpr long long kValueLimit = 1000000000LL;
constexpr std::uint32_t kMaxElements = 1u << 24;

class Matrix {
public:
    Matrix(std::uint32_t rows, std::uint32_t cols, std::uint32_t count)
        : rows_(rows), cols_(cols), data_(new long long[count]) {}
    ~Matrix() { delete[] data_; }
    Matrix(const Matrix &) = delete;
    Matrix &operator=(const Matrix &) = delete;

    std::uint32_t rows() const { return rows_; }
    std::uint32_t cols() const { return cols_; }
    long long &at(std::uint32_t r, std::uint32_t c)
    {
        return data_[static_cast<std::size_t>(r) * cols_ + c];
    }

private:
    std::uint32_t rows_;
    std::uint32_t cols_;
    long long *data_;
};

} // namespace

int main()
{
    std::uint32_t rows = 0, cols = 0;
    if (!(std::cin >> rows >> cols) || rows == 0 || cols == 0) {
        std::cerr << "expected ROWS COLS\n";
        return 1;
    }

    if (cols > kMaxElements / rows) {
        std::cerr << "matrix too large\n";
        return 1;
    }
    std::uint32_t count = rows * cols;
    Matrix m(rows, cols, count);

    for (std::uint32_t r = 0; r < m.rows(); ++r) {
        for (std::uint32_t c = 0; c < m.cols(); ++c) {
            long long v;
            if (!(std::cin >> v) || v < -kValueLimit || v > kValueLimit) {
                std::cerr << "invalid or missing value at " << r << ',' << c << '\n';
                return 1;
            }
            m.at(r, c) = v;
        }
    }

    std::vector<long long> colsum(cols, 0);
    long long total = 0;
    for (std::uint32_t r = 0; r < m.rows(); ++r) {
        long long rowsum = 0;
        for (std::uint32_t c = 0; c < m.cols(); ++c) {
            rowsum += m.at(r, c);
            colsum[c] += m.at(r, c);
        }
        total += rowsum;
        std::cout << "row " << r << ": " << rowsum << '\n';
    }
    for (std::uint32_t c = 0; c < cols; ++c)
        std::cout << "col " << c << ": " << colsum[c] << '\n';
    std::cout << "total: " << total << '\n';
    return 0;
}
