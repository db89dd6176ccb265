#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| dancing_fuzz::zdd::check(data));
