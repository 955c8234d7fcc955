// pgmhist: print a 16-bucket histogram of a binary PGM (P5) image.
#include <cstdio>
#include <cstring>
#include <memory>

struct Image {
    int width = 0, height = 0, maxval = 0;
    unsigned char *pixels = nullptr;
    ~Image() { delete[] pixels; }
};

static std::unique_ptr<Image> load_pgm(const char *path)
{
    std::FILE *fp = std::fopen(path, "rb");
    if (!fp)
        return nullptr;

    auto img = std::make_unique<Image>();
    if (std::fscanf(fp, "P5 %d %d %d", &img->width, &img->height, &img->maxval) != 3 ||
        img->width <= 0 || img->height <= 0 || img->width > 8192 || img->height > 8192 ||
        img->maxval <= 0 || img->maxval > 255) {
        std::fclose(fp);
        return nullptr;
    }
    std::fgetc(fp);
    std::size_t n = static_cast<std::size_t>(img->width) * static_cast<std::size_t>(img->height);
    img->pixels = new unsigned char[n];
    if (std::fread(img->pixels, 1, n, fp) != n) {
        std::fclose(fp);
        return nullptr;
    }
    std::fclose(fp);
    return img;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: pgmhist FILE\n");
        return 2;
    }
    std::unique_ptr<Image> img = load_pgm(argv[1]);
    if (!img) {
        std::fprintf(stderr, "pgmhist: cannot read %s\n", argv[1]);
        return 1;
    }
    unsigned long buckets[16] = {0};
    std::size_t n = static_cast<std::size_t>(img->width) * static_cast<std::size_t>(img->height);
    for (std::size_t i = 0; i < n; i++)
        buckets[img->pixels[i] * 16 / (img->maxval + 1)]++;
    for (int b = 0; b < 16; b++)
        std::printf("%2d %lu\n", b, buckets[b]);
    return 0;
}
