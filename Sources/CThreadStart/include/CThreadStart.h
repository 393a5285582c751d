#ifndef CTHREADSTART_H
#define CTHREADSTART_H

/// Starts a detached thread running `body(context)` on the CPUs this process may use other than
/// the caller's current one (Linux: `pthread_attr_setaffinity_np`), or anywhere when there is
/// no other (a process bound to one CPU) or the system does not say. Returns 0, or the error
/// number of `pthread_create` (the thread was not started).
///
/// Why (Sources/TypeFitSupport/WorkerCrew.swift): Linux queues a new thread on its creator's CPU
/// and moves it to an idle one only when it balances load; on a 2-core virtual machine a new
/// thread began 0.7–4.9 ms after `pthread_create` while its creator kept working, 50–120 µs
/// after it when started on the other CPU.
int tf_thread_start_elsewhere(void *_Nullable (*_Nonnull body)(void *_Nullable), void *_Nullable context);

/// How many CPUs the calling thread may run on (its affinity mask), 0 when the system does not say.
int tf_thread_cpu_count(void);

/// Whether the calling thread may run on CPU `cpu`: 1 yes, 0 no, -1 unknown.
int tf_thread_may_run_on(int cpu);

/// The CPU the calling thread is on now, -1 when unknown.
int tf_thread_current_cpu(void);

#endif
