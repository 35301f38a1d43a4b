package lab.loadgen.tool;

/** Turns what a load tool printed (stdout and stderr together) into a {@link Measurement}. */
public interface OutputParser {

    Measurement parse(String output);
}
