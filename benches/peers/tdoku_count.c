/*
 * Counts the solutions of each 9x9 puzzle of a file, up to 2, with tdoku
 * (t-dillon/tdoku), and prints one count per line: tdoku's side of the
 * whole-process comparison (`whole_sudoku --tdoku PROGRAM`). This file holds
 * only the driver, ours; tdoku's solver is built from its own repository,
 * outside this one:
 *
 *   git clone https://github.com/t-dillon/tdoku && cd tdoku
 *   g++ -O3 -march=native -std=c++14 -c src/solver_dpll_triad_simd.cc src/util.cc
 *   gcc -O3 -march=native -c PATH/TO/benches/peers/tdoku_count.c
 *   g++ -o tdoku_count tdoku_count.o solver_dpll_triad_simd.o util.o
 *
 * Lines starting with '#' and lines shorter than 81 characters are skipped, as
 * `dancing` skips comments and empty lines.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t TdokuSolverDpllTriadSimd(const char *puzzle, size_t limit, unsigned configuration,
                                char *solution, size_t *guesses);

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: tdoku_count FILE\n");
        return 2;
    }
    FILE *file = fopen(argv[1], "r");
    if (file == NULL) {
        perror(argv[1]);
        return 2;
    }
    char *line = NULL;
    size_t size = 0;
    char solution[81];
    size_t guesses;
    while (getline(&line, &size, file) != -1) {
        if (line[0] == '#' || strlen(line) < 81) {
            continue;
        }
        size_t count = TdokuSolverDpllTriadSimd(line, 2, 0, solution, &guesses);
        printf("%zu\n", count);
    }
    free(line);
    fclose(file);
    return 0;
}
