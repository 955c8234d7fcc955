// wc-like tool: counts words in each file named on the command line
#include <cstdio>
#include <cctype>

class Counter {
public:
    explicit Counter(std::FILE *f) : f_(f), words_(0) {}
    bool run()
    {
        int c, in_word = 0;
        while ((c = std::fgetc(f_)) != EOF) {
            if (std::isspace(c))
                in_word = 0;
            else if (!in_word) {
                in_word = 1;
                ++words_;
            }
        }
        return !std::ferror(f_);
    }
    long words() const { return words_; }

private:
    std::FILE *f_;
    long words_;
};

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        std::FILE *f = std::fopen(argv[i], "r");
        if (!f)
            continue;
        Counter *c = new Counter(f);
        if (!c->run()) {
            std::fclose(f);
            return 1; /* FLAW: CWE-401 */
        }
        std::printf("%8ld %s\n", c->words(), argv[i]);
        delete c;
        std::fclose(f);
    }
    return 0;
}
