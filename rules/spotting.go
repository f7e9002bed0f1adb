package rules

// FAQ v1.3 III Actions "Repérage pour bombardement" (Actions 4 - Spotting
// for Bombardment): our copy of the FAQ prints only the title, and no public
// source we could search prints the card (docs/rules-decisions.md "Spotting
// for bombardment"). The FAQ's own word for a unit that carries a target
// marker is "l'unité repérée" (IV Artillerie lourde: "Jusqu'à destruction ou
// mouvement, l'unité repérée subit les tirs avec un dé supplémentaire"), so
// we read "repérage pour bombardement" as the target markers of the big guns
// given to the artillery: a ruleset without rows whose hook gives every row
// of the artillery class the big gun's markers. Everything else is the big
// gun's rule as troops_special.go plays it: a hit that leaves the unit on the
// board marks it, the marking unit's later fire at it rolls one die more, the
// marker goes when the marked unit moves, retreats or is destroyed, and all
// of a unit's markers come back to it when it moves.

// srcSpotting is the rule's source, for the rows and the docs.
const srcSpotting = "FAQ III Actions 4 Repérage pour bombardement (title only; docs/rules-decisions.md)"

// SpottingForBombardment is the scenario rule "Repérage pour bombardement"
// (the .m44 option spotting_for_bombardment_rules).
func SpottingForBombardment() *Ruleset {
	return &Ruleset{Key: "spotting", Name: "Spotting for bombardment (" + srcSpotting + ")",
		Hooks: RulesetHooks{TargetMarkers: spottedByArtillery}}
}

// spottedByArtillery: every artillery row holds as many target markers as
// a big gun ("l'unité repérée"; bigGunMarkers).
func spottedByArtillery(def *UnitDef) int8 {
	if def.Class == Artillery {
		return bigGunMarkers
	}
	return 0
}

// foldTargetMarkers gives each unit row the most target markers the
// rulesets' TargetMarkers hooks give it (at most bigGunMarkers, the room a
// unit has for them), when the catalog is built.
func (c *Catalog) foldTargetMarkers(hooks []RulesetHooks) {
	for _, h := range hooks {
		if h.TargetMarkers == nil {
			continue
		}
		for i := range c.units {
			if m := min(h.TargetMarkers(&c.units[i]), bigGunMarkers); m > c.units[i].TargetMarkers {
				c.units[i].TargetMarkers = m
			}
		}
	}
}
