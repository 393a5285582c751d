#define _GNU_SOURCE
#include "CThreadStart.h"
#include <pthread.h>
#include <sched.h>

int tf_thread_start_elsewhere(void *(*body)(void *), void *context) {
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
#ifdef __linux__
    cpu_set_t cpus;
    int current = sched_getcpu();
    if (current >= 0 && current < CPU_SETSIZE && sched_getaffinity(0, sizeof cpus, &cpus) == 0) {
        CPU_CLR(current, &cpus);
        if (CPU_COUNT(&cpus) > 0) pthread_attr_setaffinity_np(&attributes, sizeof cpus, &cpus);
    }
#endif
    pthread_t thread;
    int error = pthread_create(&thread, &attributes, body, context);
    pthread_attr_destroy(&attributes);
    if (error == 0) pthread_detach(thread);
    return error;
}

int tf_thread_cpu_count(void) {
#ifdef __linux__
    cpu_set_t cpus;
    if (pthread_getaffinity_np(pthread_self(), sizeof cpus, &cpus) != 0) return 0;
    return CPU_COUNT(&cpus);
#else
    return 0;
#endif
}

int tf_thread_may_run_on(int cpu) {
#ifdef __linux__
    cpu_set_t cpus;
    if (cpu < 0 || cpu >= CPU_SETSIZE || pthread_getaffinity_np(pthread_self(), sizeof cpus, &cpus) != 0) return -1;
    return CPU_ISSET(cpu, &cpus) ? 1 : 0;
#else
    return -1;
#endif
}

int tf_thread_current_cpu(void) {
#ifdef __linux__
    return sched_getcpu();
#else
    return -1;
#endif
}
