package lab.seed.data;

import java.math.BigDecimal;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.SplittableRandom;
import lab.data.Words;

/** One shop item as generated; the items, item_keywords and stock tables are all cut from it. */
public record Item(long id, String name, String category, String description, BigDecimal price,
                   List<String> keywords, int stock) {

    static Item generate(long id, SplittableRandom r) {
        String adjective = Words.pick(Words.ADJECTIVES, r);
        String material = Words.pick(Words.MATERIALS, r);
        String noun = Words.pick(Words.NOUNS, r);
        String category = Words.pick(Words.CATEGORIES, r);
        String name = capitalise(adjective) + " " + capitalise(material) + " " + capitalise(noun);
        String description = "A " + adjective + " " + noun + " made of " + material
                + ", from our " + category + " range. Model " + (1000 + r.nextInt(9000)) + ".";
        BigDecimal price = BigDecimal.valueOf(199 + r.nextInt(49_800), 2);
        // One item in twenty is sold out; the rest have a realistic spread of stock.
        int stock = r.nextInt(20) == 0 ? 0 : 1 + r.nextInt(500);
        LinkedHashSet<String> keywords = new LinkedHashSet<>(List.of(adjective, material, noun, category));
        return new Item(id, name, category, description, price, List.copyOf(keywords), stock);
    }

    private static String capitalise(String word) {
        return Character.toUpperCase(word.charAt(0)) + word.substring(1);
    }
}
