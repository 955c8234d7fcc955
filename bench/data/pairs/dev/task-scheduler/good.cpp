// tasksched - read task definitions from standard input and print the
// order in which a single worker would run them (shortest job first among
// tasks of the same priority).
//
// Input lines:  NAME PRIORITY ESTIMATE-SECONDS
// Lines starting with '#' are comments.

#include <iostream>
#include <memory>
#include <queue>
#include <sstream>
#include <string>
#include <vector>

struct Task {
    std::string name;
    int priority = 0;
    unsigned estimate = 0;
};

struct TaskOrder {
    bool operator()(const std::unique_ptr<Task> &a,
                    const std::unique_ptr<Task> &b) const
    {
        if (a->priority != b->priority)
            return a->priority < b->priority;
        return a->estimate > b->estimate;
    }
};

class Scheduler {
public:
    void submit(std::unique_ptr<Task> t) { queue_.push(std::move(t)); }

    void run_all()
    {
        unsigned long clock = 0;
        while (!queue_.empty()) {
            const Task &t = *queue_.top();
            std::cout << "t=" << clock << "s  run " << t.name << " (prio "
                      << t.priority << ", " << t.estimate << "s)\n";
            clock += t.estimate;
            queue_.pop();
        }
        std::cout << "all tasks done at t=" << clock << "s\n";
    }

private:
    std::priority_queue<std::unique_ptr<Task>,
                        std::vector<std::unique_ptr<Task>>, TaskOrder>
        queue_;
};

static std::unique_ptr<Task> parse_task(const std::string &line)
{
    std::istringstream in(line);
    auto t = std::make_unique<Task>();
    std::string extra;
    if (!(in >> t->name >> t->priority >> t->estimate) || (in >> extra))
        return nullptr;
    return t;
}

int main()
{
    Scheduler sched;
    std::string line;
    unsigned lineno = 0;

    while (std::getline(std::cin, line)) {
        ++lineno;
        if (line.empty() || line[0] == '#')
            continue;
        std::unique_ptr<Task> task = parse_task(line);
        if (!task) {
            std::cerr << "line " << lineno << ": expected NAME PRIORITY SECONDS\n";
            continue;
        }
        std::cerr << "queued " << task->name << '\n';
        sched.submit(std::move(task));
    }
    sched.run_all();
    return 0;
}
