package lab.data;

import java.util.List;
import java.util.SplittableRandom;

/** Fixed word lists: the generator only ever picks from these, so output is reproducible. */
public final class Words {

    private Words() {
    }

    public static final List<String> FIRST_NAMES = List.of(
            "James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael", "Linda", "David", "Elizabeth",
            "William", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Charles", "Karen",
            "Christopher", "Lisa", "Daniel", "Nancy", "Matthew", "Betty", "Anthony", "Margaret", "Mark", "Sandra",
            "Donald", "Ashley", "Steven", "Kimberly", "Paul", "Emily", "Andrew", "Donna", "Joshua", "Michelle",
            "Kenneth", "Carol", "Kevin", "Amanda", "Brian", "Melissa", "George", "Deborah", "Timothy", "Stephanie",
            "Ronald", "Rebecca", "Edward", "Sharon", "Jason", "Laura", "Jeffrey", "Cynthia", "Ryan", "Kathleen",
            "Jacob", "Amy", "Gary", "Angela", "Nicholas", "Shirley", "Eric", "Anna", "Jonathan", "Brenda",
            "Stephen", "Pamela", "Larry", "Emma", "Justin", "Nicole", "Scott", "Helen", "Brandon", "Samantha",
            "Benjamin", "Katherine", "Samuel", "Christine", "Gregory", "Debra", "Alexander", "Rachel", "Frank", "Carolyn",
            "Raymond", "Janet", "Jack", "Catherine", "Dennis", "Maria", "Jerry", "Heather", "Tyler", "Diane",
            "Aaron", "Ruth", "Jose", "Julie", "Adam", "Olivia", "Nathan", "Joyce", "Henry", "Virginia",
            "Zachary", "Victoria", "Douglas", "Kelly", "Peter", "Lauren", "Kyle", "Christina", "Noah", "Joan",
            "Ethan", "Evelyn", "Jeremy", "Judith", "Walter", "Megan", "Christian", "Andrea", "Keith", "Cheryl",
            "Roger", "Hannah", "Terry", "Jacqueline", "Austin", "Martha", "Sean", "Gloria", "Gerald", "Teresa");

    public static final List<String> LAST_NAMES = List.of(
            "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
            "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin",
            "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson",
            "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores",
            "Green", "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts",
            "Gomez", "Phillips", "Evans", "Turner", "Diaz", "Parker", "Cruz", "Edwards", "Collins", "Reyes",
            "Stewart", "Morris", "Morales", "Murphy", "Cook", "Rogers", "Gutierrez", "Ortiz", "Morgan", "Cooper",
            "Peterson", "Bailey", "Reed", "Kelly", "Howard", "Ramos", "Kim", "Cox", "Ward", "Richardson",
            "Watson", "Brooks", "Chavez", "Wood", "James", "Bennett", "Gray", "Mendoza", "Ruiz", "Hughes",
            "Price", "Alvarez", "Castillo", "Sanders", "Patel", "Myers", "Long", "Ross", "Foster", "Jimenez",
            "Larsen", "Young", "Christensen", "Jensen", "Nielsen", "Sorensen", "Olsen", "Petersen", "Hansen", "Madsen");

    /** Search words of the shop: adjectives, materials and nouns that item names are built from. */
    public static final List<String> ADJECTIVES = List.of(
            "red", "blue", "green", "black", "white", "silver", "golden", "vintage", "compact", "deluxe",
            "classic", "modern", "rustic", "portable", "wireless", "organic", "handmade", "ergonomic", "smart", "mini");
    public static final List<String> MATERIALS = List.of(
            "ceramic", "wooden", "steel", "cotton", "leather", "glass", "bamboo", "copper", "wool", "plastic");
    public static final List<String> NOUNS = List.of(
            "mug", "lamp", "chair", "table", "backpack", "kettle", "blanket", "speaker", "notebook", "bottle",
            "clock", "pillow", "jacket", "headphones", "bowl", "vase", "shelf", "toaster", "umbrella", "wallet",
            "keyboard", "mouse", "monitor", "camera", "teapot", "candle", "rug", "mirror", "basket", "scarf");
    public static final List<String> CATEGORIES = List.of(
            "kitchen", "home", "office", "outdoor", "electronics", "fashion", "garden", "travel");

    /** The fixed list the shop's landing page draws its suggested search term from (thesis 4.3). */
    public static final List<String> SEARCH_TERMS = List.of(
            "mug", "lamp", "chair", "kettle", "speaker", "bottle", "clock", "jacket", "camera", "candle",
            "red", "vintage", "wireless", "ceramic", "wooden", "leather", "bamboo", "kitchen", "office", "travel");

    public static String pick(List<String> words, SplittableRandom random) {
        return words.get(random.nextInt(words.size()));
    }
}
