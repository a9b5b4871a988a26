"""A browser player solves a TwentyFour round with the number and operator buttons."""
from fractions import Fraction
from itertools import permutations, product

from browser import Browser, Failure, Host, run


def solve(numbers):
    """An expression of the four numbers (each once) that makes 24, as the buttons can type it."""
    ops = {"+": lambda a, b: a + b, "−": lambda a, b: a - b, "×": lambda a, b: a * b,
           "÷": lambda a, b: a / b if b != 0 else None}
    shapes = ["((a o b) p c) q d", "(a o (b p c)) q d", "(a o b) p (c q d)", "a o ((b p c) q d)", "a o (b p (c q d))"]
    for a, b, c, d in set(permutations(numbers)):
        for o, p, q in product(ops, repeat=3):
            for shape in shapes:
                text = shape.replace("a", str(a)).replace("b", str(b)).replace("c", str(c)).replace("d", str(d))
                text = text.replace(" o ", f" {o} ").replace(" p ", f" {p} ").replace(" q ", f" {q} ")
                value = evaluate(text, ops)
                if value == 24:
                    return text
    return None


def evaluate(text, ops):
    tokens = text.replace("(", " ( ").replace(")", " ) ").split()

    def expr(i):
        value, i = term(i)
        while i < len(tokens) and tokens[i] in "+−":
            right, j = term(i + 1)
            value = None if value is None or right is None else ops[tokens[i]](value, right)
            i = j
        return value, i

    def term(i):
        value, i = atom(i)
        while i < len(tokens) and tokens[i] in "×÷":
            right, j = atom(i + 1)
            value = None if value is None or right is None else ops[tokens[i]](value, right)
            i = j
        return value, i

    def atom(i):
        if tokens[i] == "(":
            value, i = expr(i + 1)
            return value, i + 1
        return Fraction(int(tokens[i])), i + 1

    return expr(0)[0]


def scenario(partyhost, shots):
    host = Host(partyhost, "--game", "twentyfour", "--dedicated", "--players", "1")
    page = Browser()
    try:
        page.join(host.url, "Tess")
        page.click("#ready-button")
        page.wait("the numbers", lambda: len(page.visible(".numbers .number")) == 4
                  and all(b.is_enabled() for b in page.find(".numbers .number")))
        page.shoot(shots, "game-twentyfour")
        numbers = [int(b.text) for b in page.find(".numbers .number")]
        answer = solve(numbers)
        if not answer:
            raise Failure(f"no solution found for {numbers}")
        # Type it with the buttons: each number button once, operators and brackets from the keypad.
        used = set()
        for token in answer.replace("(", " ( ").replace(")", " ) ").split():
            if token.isdigit():
                page.click(f'.numbers .number[data-number="{token}"]')
                used.add(token)
            else:
                page.click(f'.operators .operator[data-op="{token}"]')
        typed = page.find("input.expression")[0].get_attribute("value")
        page.click(".entry button[type=submit]")
        page.wait("the host's answer", lambda: page.find(".reply") and page.find(".reply")[0].text.startswith("Correct"))
        page.shoot(shots, "game-twentyfour-solved")
        print(f"{numbers}: typed {typed!r}: {page.find('.reply')[0].text}")
    finally:
        page.quit()
        host.stop()


run(scenario)
