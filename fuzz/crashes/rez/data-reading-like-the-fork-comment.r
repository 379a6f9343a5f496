data 'TEXT' (128, "note", purgeable) {
	"A note inÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿß/* pzl-fork ßšŒ‰urce."
};
data 'TEXT' (129) {
	$""
};
