#!/usr/bin/env python3
"""Counts SwiftUI `Text(` views in Swift files without a Swift parser, as an independent check of
TypeFit's SwiftUI reader (Tests/SwiftUISourceTests).

Method: a character-level lexer drops comments (//, nested /* */) and string literals ("…", \"\"\"…\"\"\",
raw #"…"#, with interpolations kept as code); in the remaining code it counts the identifier `Text`
followed by `(` that is not part of a longer identifier, not after a `.` and not in a declaration
(`struct Text`). It leaves out: the inactive branches of `#if`/`#elseif`/`#else` (os(watchOS),
os(macOS), os(tvOS), os(visionOS) and targetEnvironment(macCatalyst) are false, any other name is
true, and `!`, `&&`, `||` combine them), the body of every `#Preview { … }`, and every type that
conforms to `PreviewProvider` (from its declaration to its matching brace).

Usage: count-swiftui-text.py FILE…  (prints one count per file and the total)
"""
import re
import sys

FALSE_CONDITIONS = ("os(watchOS)", "os(macOS)", "os(OSX)", "os(tvOS)", "os(visionOS)", "targetEnvironment(macCatalyst)")


def strip(source):
    """Code with comments and string contents replaced by spaces (newlines kept)."""
    out = []
    i, n = 0, len(source)
    depth_stack = []  # for string interpolation: brace depth at which a string resumes
    while i < n:
        c = source[i]
        if source.startswith("//", i):
            j = source.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif source.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if source.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif source.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append("".join(ch if ch == "\n" else " " for ch in source[i:j]))
            i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', source[i:])):
            hashes = 0
            while source[i + hashes] == "#":
                hashes += 1
            start = i
            i += hashes
            multi = source.startswith('"""', i)
            quote = '"""' if multi else '"'
            i += len(quote)
            close = quote + "#" * hashes
            escape = "\\" + "#" * hashes
            code = []
            while i < n and not source.startswith(close, i):
                if source.startswith(escape + "(", i):
                    # interpolation: keep its code
                    i += len(escape) + 1
                    depth, seg = 1, i
                    while i < n and depth:
                        if source[i] == "(":
                            depth += 1
                        elif source[i] == ")":
                            depth -= 1
                        i += 1
                    code.append(strip(source[seg:i - 1]))
                elif source.startswith(escape, i):
                    i += len(escape) + 1
                else:
                    i += 1
            i += len(close)
            text = source[start:i]
            blank = "".join(ch if ch == "\n" else " " for ch in text)
            inner = " ".join(code)
            out.append(inner + blank[len(inner):] if len(inner) <= len(blank) else blank)
        else:
            out.append(c)
            i += 1
    return "".join(out)


def condition_holds(condition):
    """Evaluates an #if condition as a Python expression: the false conditions above are False,
    every other name or call (os(iOS), DEBUG, canImport(X)) is True; !, && and || as in Swift."""
    expression = condition.split("//")[0].replace(" ", "")
    for false in FALSE_CONDITIONS:
        expression = expression.replace(false, " False ")
    expression = re.sub(r"[A-Za-z_][\w.]*(\([^()]*\))?", lambda m: m.group(0) if m.group(0) == "False" else " True ", expression)
    expression = expression.replace("&&", " and ").replace("||", " or ").replace("!", " not ")
    return bool(eval(expression))


def active_lines(code):
    """The code with inactive #if branches blanked."""
    lines = code.split("\n")
    stack = []  # (taking_now, some_branch_taken, parent_active)
    active = True
    out = []
    for line in lines:
        s = line.strip()
        if s.startswith("#if "):
            holds = condition_holds(s[4:])
            stack.append([holds, holds, active])
            active = active and holds
            out.append("")
        elif s.startswith("#elseif "):
            top = stack[-1]
            holds = (not top[1]) and condition_holds(s[8:])
            top[0] = holds
            top[1] = top[1] or holds
            active = top[2] and holds
            out.append("")
        elif s.startswith("#else"):
            top = stack[-1]
            holds = not top[1]
            top[0], top[1] = holds, True
            active = top[2] and holds
            out.append("")
        elif s.startswith("#endif"):
            top = stack.pop()
            active = top[2]
            out.append("")
        else:
            out.append(line if active else "")
    return "\n".join(out)


def blank_block(code, start):
    """Blanks from `start` to the brace matching the first `{` after it."""
    open_at = code.find("{", start)
    if open_at < 0:
        return code
    depth, j = 0, open_at
    while j < len(code):
        if code[j] == "{":
            depth += 1
        elif code[j] == "}":
            depth -= 1
            if depth == 0:
                break
        j += 1
    return code[:start] + "".join(ch if ch == "\n" else " " for ch in code[start:j + 1]) + code[j + 1:]


def count(source):
    code = active_lines(strip(source))
    while True:
        m = re.search(r"#Preview\b", code)
        if not m:
            break
        code = blank_block(code, m.start())
    while True:
        m = re.search(r"\b(struct|class|enum|extension)\s+\w+[^{]*:\s*[^{]*\bPreviewProvider\b", code)
        if not m:
            break
        code = blank_block(code, m.start())
    return len(re.findall(r"(?<![\w.])Text\s*\(", code))


if __name__ == "__main__":
    total = 0
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8") as f:
            c = count(f.read())
        total += c
        print(f"{c}\t{path}")
    print(f"{total}\ttotal")
