#include <stdio.h>
#include <time.h>
int main(void) {
  struct timespec a, b; long n = 400000000;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
  __asm__ volatile(
    "mov %0, %%rcx\n"
    "1:\n"
    "add $1, %%rax\n add $1, %%rax\n add $1, %%rax\n add $1, %%rax\n"
    "add $1, %%rax\n add $1, %%rax\n add $1, %%rax\n add $1, %%rax\n"
    "dec %%rcx\n jnz 1b\n" :: "r"(n) : "rax", "rcx");
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
  double s = (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9;
  printf("%.2f GHz (8 dependent adds a loop, %ld loops, %.3f s CPU)\n", 8.0 * n / s / 1e9, n, s);
}
