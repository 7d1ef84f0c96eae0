# Builds variants/crawl_coop.yaml from crawl.yaml: the same game for two people, one hero
# each (players sword and bow on one team), against the monsters.
import os, re
here = os.path.dirname(os.path.abspath(__file__))
s = open(os.path.join(here, "..", "crawl.yaml")).read()
s = s.replace("players: [heroes, monsters]",
              "players: [sword, bow, monsters]\n# two people, one hero each, on one side against the monsters\nteams: [[sword, bow]]")
s = re.sub(r"\{type: fighter, owner: heroes", "{type: fighter, owner: sword", s)
s = re.sub(r"\{type: archer, owner: heroes", "{type: archer, owner: bow", s)
s = s.replace("    symbol: F\n", "    symbol: F\n    tags: [hero]\n").replace("    symbol: A\n", "    symbol: A\n    tags: [hero]\n")
s = s.replace("entities(owner: heroes)", "entities(tag: 'hero')")
s = s.replace("\"player == heroes and any(entities(owner: player, where: holds(it, 'treasure') and tile(it.pos) == 'exit'))\"",
              "\"player != monsters and any(entities(tag: 'hero', where: holds(it, 'treasure') and tile(it.pos) == 'exit'))\"")
s = s.replace("\"player == heroes and count(entities(owner: player)) == 0\"",
              "\"player != monsters and count(entities(tag: 'hero')) == 0\"")
s = s.replace("lose: {player: heroes,", "lose: {player: sword,")
s = s.replace('guide: "raid_progress if player == heroes else 0 - raid_progress"',
              'guide: "0 - raid_progress if player == monsters else raid_progress"')
assert "heroes," not in s and "owner: heroes" not in s, "left-over heroes"
open(os.path.join(here, "crawl_coop.yaml"), "w").write(s)
