// plugin_log.cpp: logging facade handed to plugins; plugins pass their own messages in.
// No main: the host application creates one PluginLog per loaded plugin.
#include <cstdarg>
#include <cstdio>
#include <mutex>
#include <string>

class PluginLog {
public:
    PluginLog(std::FILE *out, std::string plugin) : out_(out), plugin_(std::move(plugin)) {}

    void printf(const char *fmt, ...) __attribute__((format(printf, 2, 3)));
    void message(const std::string &text);
    void progress(const std::string &stage, int percent);

private:
    void emit(const char *line);

    std::FILE *out_;
    std::string plugin_;
    std::mutex lock_;
};

void PluginLog::emit(const char *line)
{
    std::lock_guard<std::mutex> guard(lock_);
    std::fprintf(out_, "[%s] %s\n", plugin_.c_str(), line);
    std::fflush(out_);
}

// formats into a fixed line; long messages are cut, never overrun
void PluginLog::printf(const char *fmt, ...)
{
    char line[512];
    va_list ap;

    va_start(ap, fmt);
    std::vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    emit(line);
}

void PluginLog::message(const std::string &text)
{
    if (text.empty())
        return;
    printf("%s", text.c_str());
}

void PluginLog::progress(const std::string &stage, int percent)
{
    if (percent < 0)
        percent = 0;
    else if (percent > 100)
        percent = 100;
    printf("%s: %d%%", stage.c_str(), percent);
}

extern "C" void plugin_log_message(PluginLog *log, const char *text)
{
    if (log != nullptr && text != nullptr)
        log->message(text);
}
