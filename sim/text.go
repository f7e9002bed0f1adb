package sim

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"
)

// WriteText writes the reports as a table, one scenario a line, then a
// total line when there are several.
func WriteText(w io.Writer, reports []*Report) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "scenario\tgames\tallies wins\taxis wins\tdraws\tmedals A-X\tmargin\tturns\tdec/s A\tdec/s X\ttime/choice A\ttime/choice X")
	var tot Report
	for _, r := range reports {
		writeRow(tw, shortName(r.Scenario), r)
		tot.Games = append(tot.Games, r.Games...)
		tot.Requested += r.Requested
		tot.Cancelled = tot.Cancelled || r.Cancelled
	}
	if len(reports) > 1 {
		tot.summarize()
		writeRow(tw, "all", &tot)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(reports) > 0 {
		fmt.Fprintf(w, "allies: %s, axis: %s; win rates with 95%% Wilson intervals; turns count each side's turn;\n"+
			"dec/s: decisions per second of thinking; time/choice: thinking per decision with more than one legal action\n",
			reports[0].Bots[0], reports[0].Bots[1])
	}
	for _, r := range reports {
		if r.Cancelled {
			fmt.Fprintf(w, "%s: interrupted, %d of %d games finished\n", shortName(r.Scenario), r.Played, r.Requested)
		}
	}
	return nil
}

func writeRow(w io.Writer, name string, r *Report) {
	iv := func(k int, i Interval) string {
		return fmt.Sprintf("%d %.0f%% [%.0f-%.0f]", k, 100*i.P, 100*i.Low, 100*i.High)
	}
	fmt.Fprintf(w, "%s\t%d\t%s\t%s\t%d\t%.1f-%.1f\t%+.2f±%.2f\t%.1f\t%s\t%s\t%s\t%s\n", name, r.Played,
		iv(r.Wins[0], r.WinRate[0]), iv(r.Wins[1], r.WinRate[1]), r.Draws,
		r.Medals[0].Mean, r.Medals[1].Mean, r.Margin.Mean, r.Margin.SD, r.Turns.Mean,
		rate(r.DecisionsPerSecond[0]), rate(r.DecisionsPerSecond[1]),
		dur(r.TimePerChoice[0]), dur(r.TimePerChoice[1]))
}

func rate(x float64) string {
	switch {
	case x == 0:
		return "-"
	case x >= 100:
		return fmt.Sprintf("%.0f", x)
	}
	return fmt.Sprintf("%.1f", x)
}

func dur(d time.Duration) string {
	if d == 0 {
		return "-"
	}
	switch {
	case d < time.Microsecond:
		return fmt.Sprintf("%dns", d.Nanoseconds())
	case d < time.Millisecond:
		return fmt.Sprintf("%.0fµs", float64(d)/float64(time.Microsecond))
	case d < time.Second:
		return fmt.Sprintf("%.1fms", float64(d)/float64(time.Millisecond))
	}
	return strings.TrimSuffix(fmt.Sprintf("%.2fs", d.Seconds()), "0")
}
