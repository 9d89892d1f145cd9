# Regenerates common-passwords.txt (run once; the output is committed).
# Source: the ranked leaked-password list of zxcvbn (MIT, Dan Wheeler and Dropbox, Inc., @zxcvbn-ts),
# from `npm pack @zxcvbn-ts/language-common` -> package/src/passwords.json, plus the patterns people use
# to satisfy composition rules (Capitalised word + digits + symbol). Lower-cased: matching is case-insensitive.
import json, sys

leaked = json.load(open(sys.argv[1]))
out, seen = [], set()

def add(p):
    p = p.lower()
    if len(p) >= 8 and p not in seen:
        seen.add(p)
        out.append(p)

for p in leaked:
    if len(seen) >= 5000:
        break
    add(p)

bases = [p for p in leaked[:2000] if p.isalpha() and 4 <= len(p) <= 10][:180]
bases += ['password', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'welcome', 'qwerty', 'letmein', 'admin', 'iloveyou', 'summer',
          'winter', 'spring', 'autumn', 'monkey', 'dragon', 'sunshine', 'princess', 'football', 'baseball', 'master',
          'shadow', 'diamond', 'jewelry', 'facet', 'changeme', 'secret', 'trustno1', 'freedom', 'whatever', 'starwars']
suffixes = ['1!', '12!', '123!', '1234!', '12345!', '!1', '!123', '@1', '@12', '@123', '@1234', '#1', '#123', '1@', '123@',
            '1#', '123#', '1$', '123$', '1*', '123*', '01!', '69!', '99!', '007!', '2020!', '2021!', '2022!', '2023!', '2024!',
            '2025!', '2026!', '@2024', '@2025', '@2026', '1.', '123.', '1?', '11!', '321!']
for b in bases:
    for s in suffixes:
        add(b + s)
for b in ['password', 'welcome', 'qwerty', 'admin', 'letmein']:
    for n in range(0, 100):
        add(f'{b}{n}!')

sys.stdout.write('# Common and breached passwords, lower-cased, one per line; see generate-common-passwords.py.\n')
sys.stdout.write('\n'.join(out) + '\n')
