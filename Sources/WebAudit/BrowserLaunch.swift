#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// How the browser is started: its command line, its sandbox, and its memory limits.
public enum BrowserLaunch {
    /// Private writable memory of each browser process (`RLIMIT_DATA`, set by `/bin/sh -c 'ulimit -d'`
    /// before the browser starts, so every process it forks inherits it): an allocation past it fails.
    public static let dataLimitMB = 1024
    /// The JavaScript heap of a page (V8 `--max-old-space-size`): past it the renderer ends with
    /// "V8 javascript OOM", which TypeFit reports as the page running out of memory.
    public static let javaScriptHeapMB = 512

    /// Whether Chromium's sandbox can run here. Chromium refuses it to root (uid 0); otherwise it
    /// needs user namespaces for unprivileged processes, which kernels can switch off
    /// (`kernel.unprivileged_userns_clone = 0` on Debian, `user.max_user_namespaces = 0`, or
    /// AppArmor's `kernel.apparmor_restrict_unprivileged_userns = 1` on Ubuntu).
    public static func sandboxAvailable(uid: uid_t = getuid(), sysctl: (String) -> Int? = readSysctl) -> Bool {
        guard uid != 0 else { return false }
        if sysctl("kernel/unprivileged_userns_clone") == 0 { return false }
        if sysctl("user/max_user_namespaces") == 0 { return false }
        if sysctl("kernel/apparmor_restrict_unprivileged_userns") == 1 { return false }
        return true
    }

    /// The integer in `/proc/sys/<name>`, nil when the setting does not exist.
    public static func readSysctl(_ name: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: "/proc/sys/\(name)") else { return nil }
        return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The command line: `/bin/sh` lowers the data limit and then becomes the browser (same pid).
    static func arguments(executable: String, profile: URL, sandbox: Bool) -> [String] {
        let browser = [
            executable, "--headless=new", "--remote-debugging-pipe", "--disable-gpu",
            "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
            "--disable-sync", "--disable-dev-shm-usage", "--disable-breakpad", "--disable-crash-reporter",
            "--hide-scrollbars", "--mute-audio", "--font-render-hinting=none",
            // No name resolves, so no connection can be made even where DevTools interception would not see it.
            "--host-resolver-rules=MAP * ~NOTFOUND",
            "--js-flags=--max-old-space-size=\(javaScriptHeapMB)",
            "--user-data-dir=\(profile.path)",
        ] + (sandbox ? [] : ["--no-sandbox"]) + ["about:blank"]
        return ["/bin/sh", "-c", "ulimit -S -d \(dataLimitMB * 1024) 2>/dev/null; exec \"$@\"", "typefit-browser"] + browser
    }
}
