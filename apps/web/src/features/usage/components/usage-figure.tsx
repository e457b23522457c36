import { LabelledFigure } from '../../../components/labelled-figure';

/** One figure of the usage screen: a label over its value (e.g. "Total" / "1,234"). */
export function UsageFigure({ label, value }: { label: string; value: string }) {
  return <LabelledFigure label={label} value={value} data-usage-figure={label} />;
}
