//! What every benchmark file shares: criterion measuring the CPU time of the benchmark
//! thread instead of wall-clock time.
//!
//! The machine these run on is shared: other builds come and go, and wall-clock time then
//! counts the time our thread waits for a core. Thread CPU time does not, so the ratios
//! between solvers measured one after the other stay meaningful. Caches and memory
//! bandwidth are still shared, so noise is reduced, not removed.

use std::time::Duration;

use cpu_time::ThreadTime;
use criterion::Criterion;
use criterion::Throughput;
use criterion::measurement::{Measurement, ValueFormatter};

/// CPU time consumed by the calling thread, in nanoseconds.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct ThreadCpuTime;

impl Measurement for ThreadCpuTime {
    type Intermediate = ThreadTime;
    type Value = Duration;

    fn start(&self) -> ThreadTime {
        ThreadTime::now()
    }

    fn end(&self, start: ThreadTime) -> Duration {
        start.elapsed()
    }

    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }

    fn zero(&self) -> Duration {
        Duration::ZERO
    }

    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        &CpuFormatter
    }
}

/// Prints CPU nanoseconds as criterion prints durations, and elements per CPU second.
struct CpuFormatter;

impl ValueFormatter for CpuFormatter {
    fn scale_values(&self, typical_ns: f64, values: &mut [f64]) -> &'static str {
        let (factor, unit) = if typical_ns < 1e3 {
            (1.0, "ns")
        } else if typical_ns < 1e6 {
            (1e-3, "µs")
        } else if typical_ns < 1e9 {
            (1e-6, "ms")
        } else {
            (1e-9, "s")
        };
        for value in values {
            *value *= factor;
        }
        unit
    }

    fn scale_throughputs(
        &self,
        typical_ns: f64,
        throughput: &Throughput,
        values: &mut [f64],
    ) -> &'static str {
        let count = match *throughput {
            Throughput::Elements(n) | Throughput::ElementsAndBytes { elements: n, .. } => n,
            Throughput::Bytes(n) | Throughput::BytesDecimal(n) | Throughput::Bits(n) => n,
        } as f64;
        let per_second = count * 1e9 / typical_ns;
        let (denominator, unit) = if per_second < 1e3 {
            (1.0, " elem/s")
        } else if per_second < 1e6 {
            (1e3, "Kelem/s")
        } else {
            (1e6, "Melem/s")
        };
        for value in values {
            *value = count * 1e9 / *value / denominator;
        }
        unit
    }

    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

/// Short runs (the machine is shared): 1 s of warm-up, 3 s of measurement.
pub(crate) fn criterion() -> Criterion<ThreadCpuTime> {
    Criterion::default()
        .with_measurement(ThreadCpuTime)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
}
