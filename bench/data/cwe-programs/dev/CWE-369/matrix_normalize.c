/* matrix_normalize: read an integer matrix ("R C" then values) from a
 * file and print each row scaled so that its entries sum to 1000 (per
 * mille), using integer arithmetic. All-zero rows are printed as is. */
#include <stdio.h>
#include <stdlib.h>

#define MAX_DIM 64
#define MAX_VALUE 1000000L

static long grid[MAX_DIM][MAX_DIM];

static void print_row_permille(const long *row, int cols)
{
	long sum = 0;

	for (int c = 0; c < cols; c++)
		sum += labs(row[c]);
	for (int c = 0; c < cols; c++) {
		long v = sum != 0 ? row[c] * 1000 / sum : row[c];
		printf("%6ld%c", v, c + 1 == cols ? '\n' : ' ');
	}
}

int main(int argc, char **argv)
{
	int rows, cols;
	FILE *fp;

	if (argc != 2) {
		fprintf(stderr, "usage: %s MATRIX\n", argv[0]);
		return 1;
	}
	if (!(fp = fopen(argv[1], "r"))) {
		perror(argv[1]);
		return 1;
	}
	if (fscanf(fp, "%d %d", &rows, &cols) != 2 ||
	    rows < 1 || cols < 1 || rows > MAX_DIM || cols > MAX_DIM) {
		fprintf(stderr, "invalid dimensions\n");
		fclose(fp);
		return 1;
	}
	for (int r = 0; r < rows; r++)
		for (int c = 0; c < cols; c++)
			if (fscanf(fp, "%ld", &grid[r][c]) != 1 ||
			    grid[r][c] < -MAX_VALUE || grid[r][c] > MAX_VALUE) {
				fprintf(stderr, "invalid value at %d,%d\n", r, c);
				fclose(fp);
				return 1;
			}
	fclose(fp);

	for (int r = 0; r < rows; r++)
		print_row_permille(grid[r], cols);
	return 0;
}
