// SPDX-License-Identifier: Apache-2.0
// Links libzkforge, found through ZKFORGE_LIB_DIR (the folder holding libzkforge.so) or else
// pkg-config's zkforge.pc (PKG_CONFIG_PATH for an installed tree outside the system's paths).
use std::env;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=ZKFORGE_LIB_DIR");
    println!("cargo:rerun-if-env-changed=PKG_CONFIG_PATH");
    if let Ok(dir) = env::var("ZKFORGE_LIB_DIR") {
        println!("cargo:rustc-link-search=native={}", dir);
    } else {
        let out = Command::new("pkg-config")
            .args(["--libs-only-L", "zkforge"])
            .output()
            .expect("zkforge-sys: cannot run pkg-config; set ZKFORGE_LIB_DIR to the folder of libzkforge.so");
        if !out.status.success() {
            panic!(
                "zkforge-sys: pkg-config finds no zkforge ({}); set PKG_CONFIG_PATH to the installed \
                 lib/pkgconfig, or ZKFORGE_LIB_DIR to the folder of libzkforge.so",
                String::from_utf8_lossy(&out.stderr).trim()
            );
        }
        for flag in String::from_utf8_lossy(&out.stdout).split_whitespace() {
            if let Some(dir) = flag.strip_prefix("-L") {
                println!("cargo:rustc-link-search=native={}", dir);
            }
        }
    }
    println!("cargo:rustc-link-lib=dylib=zkforge");
}
